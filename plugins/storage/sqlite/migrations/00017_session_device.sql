-- +goose Up
-- A personal session remembers the browser that opened it (its User-Agent,
-- cut short), so a person can tell their sessions apart when they list
-- and end them (issue 25).
ALTER TABLE person_sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE person_sessions DROP COLUMN user_agent;
