-- +goose Up
-- The review of a communication or a saved campaign (issue 26): a JSON
-- document (domain.Review: state, approvers, due date, decisions), NULL
-- when it was never asked for. Only the review use cases write it.
ALTER TABLE communications ADD COLUMN review TEXT;
ALTER TABLE campaigns ADD COLUMN review TEXT;

-- +goose Down
ALTER TABLE campaigns DROP COLUMN review;
ALTER TABLE communications DROP COLUMN review;
