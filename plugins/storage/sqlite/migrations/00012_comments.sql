-- +goose Up
-- Comments (issue 26): each communication and each saved campaign has a
-- thread. A comment belongs to exactly one of the two and goes with it.
-- The author's id and name are kept as written (people are not backed up,
-- and a comment outlives its author's removal); reply_to is the id of the
-- comment answered ('' none), without a key: deleting a comment clears the
-- replies' reply_to in the same transaction. mentions is a JSON list of
-- the mentioned people's ids. updated_at equals created_at until an edit.
CREATE TABLE comments (
    id               TEXT PRIMARY KEY,
    communication_id TEXT REFERENCES communications (id) ON DELETE CASCADE,
    campaign_id      TEXT REFERENCES campaigns (id) ON DELETE CASCADE,
    reply_to         TEXT NOT NULL DEFAULT '',
    author_id        TEXT NOT NULL,
    author_name      TEXT NOT NULL,
    body             TEXT NOT NULL,
    mentions         TEXT NOT NULL DEFAULT '[]',
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL,
    CHECK ((communication_id IS NULL) <> (campaign_id IS NULL))
);
CREATE INDEX comments_communication ON comments (communication_id, created_at);
CREATE INDEX comments_campaign ON comments (campaign_id, created_at);

-- A person's inbox ("My reviews"): reviews requested from them, decisions
-- on their requests, mentions. Entries go with their person; they are
-- per-person state like people themselves, so no backup holds them.
CREATE TABLE inbox (
    id          TEXT PRIMARY KEY,
    person_id   TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    entity_type TEXT NOT NULL,
    entity_id   TEXT NOT NULL,
    title       TEXT NOT NULL,
    actor_id    TEXT NOT NULL,
    actor_name  TEXT NOT NULL,
    comment_id  TEXT NOT NULL DEFAULT '',
    excerpt     TEXT NOT NULL DEFAULT '',
    at          TIMESTAMP NOT NULL,
    is_read     BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX inbox_person ON inbox (person_id, at);

-- +goose Down
DROP TABLE inbox;
DROP TABLE comments;
