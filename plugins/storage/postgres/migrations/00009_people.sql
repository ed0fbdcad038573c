-- +goose Up
-- Named people (issue 25): each signs in with a personal code, of which
-- only the SHA-256 (hex) is kept, and has a role. A personal session is a
-- row of person_sessions: deleting the row (logout, a new code, removal of
-- the person) ends it at that person's next request, on every replica.
CREATE TABLE people (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    email        TEXT NOT NULL DEFAULT '',
    role         TEXT NOT NULL,
    code_hash    TEXT NOT NULL UNIQUE,
    created_at   TIMESTAMPTZ NOT NULL,
    last_seen_at TIMESTAMPTZ
);

CREATE TABLE person_sessions (
    id         TEXT PRIMARY KEY,
    person_id  TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX person_sessions_person ON person_sessions (person_id);

-- +goose Down
DROP TABLE person_sessions;
DROP TABLE people;
