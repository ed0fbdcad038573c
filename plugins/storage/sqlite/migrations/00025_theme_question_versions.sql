-- +goose Up
-- One theme's questions have a version of their own (issue 27): rows
-- "questions@N", one per bucket of themes, are made as they are written, and
-- "questions@*", which every bucket's version includes, starts at the whole
-- list's version: themes' questions written before are not at 0.
INSERT INTO data_versions (kind, version)
SELECT 'questions@*', version FROM data_versions WHERE kind = 'questions';

-- +goose Down
DELETE FROM data_versions WHERE kind LIKE 'questions@%';
