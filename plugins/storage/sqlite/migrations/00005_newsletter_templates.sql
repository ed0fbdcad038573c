-- +goose Up
-- Saved newsletter templates (issue 10): a named layout of the 15 sections,
-- kept as the JSON document pkg/compose reads.
CREATE TABLE newsletter_templates (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    template    TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE newsletter_templates;
