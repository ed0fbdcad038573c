-- +goose Up
-- Whom a piece for the audience greets ("Worcester crew" gives "Hello,
-- Worcester crew,"); '' lets the engine derive it (a division's team).
ALTER TABLE audiences ADD COLUMN greeting TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE audiences DROP COLUMN greeting;
