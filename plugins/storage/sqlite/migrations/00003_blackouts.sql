-- +goose Up
-- Blackout periods (issue 9). Dates are inclusive YYYY-MM-DD text, like
-- communications.scheduled_date. Audiences are a join table rather than a
-- JSON list so that deleting an audience drops its links by cascade.
CREATE TABLE blackouts (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    start_date TEXT NOT NULL,
    end_date   TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX blackouts_start_idx ON blackouts(start_date);

CREATE TABLE blackout_audiences (
    blackout_id TEXT NOT NULL REFERENCES blackouts(id) ON DELETE CASCADE,
    audience_id TEXT NOT NULL REFERENCES audiences(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    PRIMARY KEY (blackout_id, audience_id)
);
CREATE INDEX blackout_audiences_audience_idx ON blackout_audiences(audience_id);

-- +goose Down
DROP TABLE blackout_audiences;
DROP TABLE blackouts;
