-- +goose Up
-- The communications' month versions (issue 27): rows "communications@YYYY-MM"
-- and "communications@undated" are made as those months are written, and
-- "communications@*", which every month's version includes, starts at the
-- whole list's version: months of data written before are not at 0.
INSERT INTO data_versions (kind, version)
SELECT 'communications@*', version FROM data_versions WHERE kind = 'communications';

-- +goose Down
DELETE FROM data_versions WHERE kind LIKE 'communications@%';
