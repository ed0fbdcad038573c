-- +goose Up
-- Single sign-on (issue 25): a person who first signed in through the
-- OpenID Connect provider is linked to it by the token's issuer and
-- subject, which never change (an email can). Everyone else has ''.
ALTER TABLE people ADD COLUMN issuer TEXT NOT NULL DEFAULT '';
ALTER TABLE people ADD COLUMN subject TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX people_identity ON people (issuer, subject) WHERE subject <> '';

-- A sign-in in progress: the SHA-256 (hex) of its state, bound to the
-- browser by a cookie holding the state, with the nonce and the PKCE
-- verifier kept here, never in the browser. The callback deletes the row,
-- so a state is used once, on whichever replica the browser comes back to.
CREATE TABLE sign_in_flows (
    state_hash TEXT PRIMARY KEY,
    nonce      TEXT NOT NULL,
    verifier   TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE sign_in_flows;
DROP INDEX people_identity;
ALTER TABLE people DROP COLUMN subject;
ALTER TABLE people DROP COLUMN issuer;
