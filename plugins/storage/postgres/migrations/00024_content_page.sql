-- +goose Up
-- A page of the Content Library (issue 27) is read in this index's order:
-- without it every page sorted the whole library, and under writes each
-- page is read again.
CREATE INDEX content_page ON content (created_at DESC, id);

-- +goose Down
DROP INDEX content_page;
