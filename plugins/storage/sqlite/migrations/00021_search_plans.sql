-- +goose Up
-- Search plans (issue 27): PostgreSQL's title indexes and trigram index
-- settings. SQLite has had both since migration 19 (its FTS5 tables have
-- no pending list), so nothing changes here; the version stays the same on
-- every backend.
SELECT 1;

-- +goose Down
SELECT 1;
