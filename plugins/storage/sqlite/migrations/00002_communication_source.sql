-- +goose Up
-- Communications imported from a saved campaign remember which activity
-- they came from; '' when not imported.
ALTER TABLE communications ADD COLUMN source_campaign_id TEXT NOT NULL DEFAULT '';
ALTER TABLE communications ADD COLUMN source_activity_id TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE communications DROP COLUMN source_activity_id;
ALTER TABLE communications DROP COLUMN source_campaign_id;
