-- +goose Up
-- A calendar feed leaves out campaign activities with a confidentiality
-- label unless it was created to include them (issue 29).
ALTER TABLE calendar_feeds ADD COLUMN include_confidential BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE calendar_feeds DROP COLUMN include_confidential;
