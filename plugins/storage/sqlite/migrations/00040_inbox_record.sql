-- +goose Up
-- A decision clears the notices about its record (ResolveInbox finds them
-- by record, not by person).
CREATE INDEX inbox_record ON inbox (entity_type, entity_id, kind);

-- +goose Down
DROP INDEX inbox_record;
