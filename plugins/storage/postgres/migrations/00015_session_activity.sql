-- +goose Up
-- Idle timeout and listing of personal sessions (issue 25): last_seen_at is
-- the session's last request (written at most once a minute), and
-- expires_at now slides: the earlier of the absolute end (auth.max-age)
-- and the last request plus auth.idle-timeout.
ALTER TABLE person_sessions ADD COLUMN last_seen_at TIMESTAMPTZ;
UPDATE person_sessions SET last_seen_at = created_at;

-- +goose Down
ALTER TABLE person_sessions DROP COLUMN last_seen_at;
