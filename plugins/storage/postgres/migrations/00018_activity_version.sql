-- +goose Up
-- The recent activity's data version (issue 27): the Dashboard's answer is
-- cached at the versions of what it shows, the activity included.
INSERT INTO data_versions (kind, version) VALUES ('activity', 0);

-- +goose Down
DELETE FROM data_versions WHERE kind = 'activity';
