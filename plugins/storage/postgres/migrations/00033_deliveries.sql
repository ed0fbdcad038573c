-- +goose Up
-- Delivery: one row per recipient and channel of a communication's send,
-- unique so a person gets it once however often the send is asked for,
-- and one row per communication for the send as a whole (the approved
-- fingerprint it was queued with, whether it is paused, and the run of
-- consecutive failures that pauses it).
CREATE TABLE delivery_runs (
    communication_id   TEXT PRIMARY KEY,
    fingerprint        TEXT NOT NULL,
    paused             BOOLEAN NOT NULL DEFAULT FALSE,
    pause_reason       TEXT NOT NULL DEFAULT '',
    consecutive_errors INTEGER NOT NULL DEFAULT 0,
    started_by         TEXT NOT NULL DEFAULT '',
    started_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL
);
CREATE TABLE deliveries (
    id               TEXT PRIMARY KEY,
    communication_id TEXT NOT NULL,
    channel          TEXT NOT NULL,
    recipient        TEXT NOT NULL,
    employee_id      TEXT NOT NULL DEFAULT '',
    name             TEXT NOT NULL DEFAULT '',
    state            TEXT NOT NULL,
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT NOT NULL DEFAULT '',
    queued_at        TIMESTAMPTZ NOT NULL,
    sent_at          TIMESTAMPTZ,
    updated_at       TIMESTAMPTZ NOT NULL,
    UNIQUE (communication_id, channel, recipient)
);
CREATE INDEX deliveries_state ON deliveries (communication_id, state);
CREATE INDEX deliveries_sent_at ON deliveries (sent_at);

-- +goose Down
DROP TABLE deliveries;
DROP TABLE delivery_runs;
