-- +goose Up
-- Need to know: a confidential campaign or communication has a scope, and
-- its insiders are the people of that scope. '' is public. A campaign's
-- scope is 'campaign:<id>', a communication's that of its confidential
-- campaign or, labelled by hand, 'communication:<id>'. The store keeps the
-- scopes; every read of a campaign or a communication keeps the rows whose
-- scope is '' or one of the acting person's (docs/architecture.md).
ALTER TABLE campaigns ADD COLUMN scope TEXT NOT NULL DEFAULT '';
ALTER TABLE communications ADD COLUMN scope TEXT NOT NULL DEFAULT '';
ALTER TABLE communications ADD COLUMN confidentiality TEXT NOT NULL DEFAULT '';
CREATE TABLE insiders (
    scope     TEXT NOT NULL,
    person_id TEXT NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    added_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (person_id, scope)
);
CREATE INDEX insiders_scope ON insiders (scope);
ALTER TABLE activity ADD COLUMN scope TEXT NOT NULL DEFAULT '';
CREATE INDEX communications_scope ON communications (scope) WHERE scope <> '';
CREATE INDEX communications_source_campaign ON communications (source_campaign_id) WHERE source_campaign_id <> '';
INSERT INTO data_versions (kind, version) VALUES ('insiders', 0);
-- The campaign summaries read the scope too (who may see each): the index
-- of migration 20 keeps covering them.
DROP INDEX campaigns_list;
CREATE INDEX campaigns_list ON campaigns (created_at DESC, id, title, description,
    CASE WHEN json_valid(schedule) THEN schedule -> '$.totalActivities' END,
    CASE WHEN json_valid(schedule) THEN schedule -> '$.startDate' END,
    CASE WHEN json_valid(schedule) THEN schedule -> '$.endDate' END,
    audience_filters, geographic_filters, updated_at, review, scope);

-- +goose Down
DELETE FROM data_versions WHERE kind = 'insiders';
DROP INDEX campaigns_list;
CREATE INDEX campaigns_list ON campaigns (created_at DESC, id, title, description,
    CASE WHEN json_valid(schedule) THEN schedule -> '$.totalActivities' END,
    CASE WHEN json_valid(schedule) THEN schedule -> '$.startDate' END,
    CASE WHEN json_valid(schedule) THEN schedule -> '$.endDate' END,
    audience_filters, geographic_filters, updated_at, review);
DROP INDEX communications_source_campaign;
DROP INDEX communications_scope;
DROP TABLE insiders;
ALTER TABLE activity DROP COLUMN scope;
ALTER TABLE communications DROP COLUMN confidentiality;
ALTER TABLE communications DROP COLUMN scope;
ALTER TABLE campaigns DROP COLUMN scope;
