-- +goose Up
-- Sessions ended before they expire (issue 13): logged-out session ids,
-- kept until the session would have expired anyway, and one state row with
-- the revoke-all cutoff, a version every change bumps (replicas poll it),
-- and a keyed hash of the configured access codes (never the codes).
CREATE TABLE revoked_sessions (
    id         TEXT PRIMARY KEY,
    expires_at TIMESTAMP NOT NULL
);

CREATE TABLE session_state (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    valid_after TIMESTAMP,
    version     BIGINT NOT NULL DEFAULT 0,
    codes_hash  TEXT NOT NULL DEFAULT ''
);
INSERT INTO session_state (id) VALUES (1);

-- +goose Down
DROP TABLE session_state;
DROP TABLE revoked_sessions;
