-- +goose Up
-- A calendar feed belongs to whoever created it (issue 25): owner_id is the
-- actor's id (a person's, or "shared" or "terminal"), owner_name their
-- name then. Removing a person revokes their feeds; feeds made before
-- people existed have no owner.
ALTER TABLE calendar_feeds ADD COLUMN owner_id TEXT NOT NULL DEFAULT '';
ALTER TABLE calendar_feeds ADD COLUMN owner_name TEXT NOT NULL DEFAULT '';
CREATE INDEX calendar_feeds_owner ON calendar_feeds (owner_id);

-- +goose Down
DROP INDEX calendar_feeds_owner;
ALTER TABLE calendar_feeds DROP COLUMN owner_name;
ALTER TABLE calendar_feeds DROP COLUMN owner_id;
