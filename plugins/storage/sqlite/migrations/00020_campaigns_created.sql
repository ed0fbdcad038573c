-- +goose Up
-- The campaign list's order (created_at DESC, id), so a page of whole
-- campaigns (issue 27) reads its own rows only: in a row created_at comes
-- after the schedule and the HTML, which SQLite keeps in overflow pages.
CREATE INDEX campaigns_created ON campaigns (created_at DESC, id);

-- +goose Down
DROP INDEX campaigns_created;
