-- +goose Up
-- The SCIM client's bearer token, as its SHA-256 (hex); '' while SCIM
-- provisioning is off. Beside the other server secrets, out of backups.
ALTER TABLE session_state ADD COLUMN scim_token_hash TEXT NOT NULL DEFAULT '';
-- SCIM clients find a user by userName, which is the entry's email.
CREATE INDEX employees_email ON employees (lower(email));

-- +goose Down
DROP INDEX employees_email;
ALTER TABLE session_state DROP COLUMN scim_token_hash;
