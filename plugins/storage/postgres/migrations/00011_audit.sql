-- +goose Up
-- The audit trail (issue 25) is the activity log with who acted and what
-- changed: the acting person's id and name (kept after they are removed),
-- and the changed fields as JSON {"field": {"before": .., "after": ..}}.
-- Sign-ins, refused sign-ins, sign-outs and changes to people are entries
-- too (entity types session and person).
ALTER TABLE activity ADD COLUMN actor_id TEXT NOT NULL DEFAULT '';
ALTER TABLE activity ADD COLUMN actor_name TEXT NOT NULL DEFAULT '';
ALTER TABLE activity ADD COLUMN changes TEXT NOT NULL DEFAULT '';
CREATE INDEX activity_entity ON activity (entity_type, entity_id, seq);

-- +goose Down
DROP INDEX activity_entity;
ALTER TABLE activity DROP COLUMN changes;
ALTER TABLE activity DROP COLUMN actor_name;
ALTER TABLE activity DROP COLUMN actor_id;
