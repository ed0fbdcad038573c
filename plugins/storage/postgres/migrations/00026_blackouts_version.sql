-- +goose Up
-- The blackouts' data version: the schedule's warnings are cached at the
-- versions of what they read, the blackouts included.
INSERT INTO data_versions (kind, version) VALUES ('blackouts', 0);

-- +goose Down
DELETE FROM data_versions WHERE kind = 'blackouts';
