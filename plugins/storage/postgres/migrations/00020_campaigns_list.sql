-- +goose Up
-- The campaign list's order (created_at DESC, id), for pages of whole
-- campaigns (issue 27): a page reads its own rows only. (SQLite's index of
-- the same name also covers the summaries; PostgreSQL reads them from the
-- schedule, docs/decisions.md.)
CREATE INDEX campaigns_list ON campaigns (created_at DESC, id);

-- +goose Down
DROP INDEX campaigns_list;
