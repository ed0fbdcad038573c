-- +goose Up
-- Search indexes (issue 27): a trigram index (pg_trgm) of every lowered
-- column the header search (GET /api/search) matches with lower(col) LIKE,
-- so a search of three or more characters reads the rows the indexes name
-- instead of every row. pg_trgm ships with PostgreSQL and is a trusted
-- extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX themes_name_trgm ON themes USING gin (lower(name) gin_trgm_ops);
CREATE INDEX themes_description_trgm ON themes USING gin (lower(description) gin_trgm_ops);
CREATE INDEX questions_question_trgm ON questions USING gin (lower(question) gin_trgm_ops);
CREATE INDEX questions_description_trgm ON questions USING gin (lower(description) gin_trgm_ops);
CREATE INDEX content_title_trgm ON content USING gin (lower(title) gin_trgm_ops);
CREATE INDEX content_description_trgm ON content USING gin (lower(description) gin_trgm_ops);
CREATE INDEX content_content_trgm ON content USING gin (lower(content) gin_trgm_ops);
CREATE INDEX communications_title_trgm ON communications USING gin (lower(title) gin_trgm_ops);
CREATE INDEX communications_raw_content_trgm ON communications USING gin (lower(raw_content) gin_trgm_ops);

-- +goose Down
DROP INDEX themes_name_trgm;
DROP INDEX themes_description_trgm;
DROP INDEX questions_question_trgm;
DROP INDEX questions_description_trgm;
DROP INDEX content_title_trgm;
DROP INDEX content_description_trgm;
DROP INDEX content_content_trgm;
DROP INDEX communications_title_trgm;
DROP INDEX communications_raw_content_trgm;
