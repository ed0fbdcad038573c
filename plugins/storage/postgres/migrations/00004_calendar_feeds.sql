-- +goose Up
-- Subscribable calendar feeds. The URL's token is never stored: only its
-- SHA-256 (hex), which is what a fetch looks up.
CREATE TABLE calendar_feeds (
    id                          TEXT PRIMARY KEY,
    name                        TEXT NOT NULL,
    include_campaign_activities BOOLEAN NOT NULL DEFAULT FALSE,
    token_hash                  TEXT NOT NULL UNIQUE,
    created_at                  TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE calendar_feeds;
