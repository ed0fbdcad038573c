-- +goose Up
-- The review lists (My reviews, the Dashboard's card, `review list`) read
-- only the rows under review (issue 27): partial indexes of those rows, in
-- each list's order, so a five-year history is not scanned for a handful.
CREATE INDEX communications_reviewed ON communications (created_at, id) WHERE review IS NOT NULL;
CREATE INDEX campaigns_reviewed ON campaigns (created_at DESC, id) WHERE review IS NOT NULL;

-- +goose Down
DROP INDEX campaigns_reviewed;
DROP INDEX communications_reviewed;
