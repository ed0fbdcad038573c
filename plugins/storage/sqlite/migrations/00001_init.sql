-- +goose Up
CREATE TABLE themes (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    description TEXT NOT NULL,
    icon        TEXT NOT NULL,
    color       TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);

CREATE TABLE questions (
    id          TEXT PRIMARY KEY,
    theme_id    TEXT NOT NULL REFERENCES themes(id) ON DELETE CASCADE,
    question    TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    sort_order  INTEGER NOT NULL DEFAULT 0,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX questions_theme_idx ON questions(theme_id);

CREATE TABLE content (
    id           TEXT PRIMARY KEY,
    title        TEXT NOT NULL,
    description  TEXT NOT NULL DEFAULT '',
    content      TEXT NOT NULL,
    type         TEXT NOT NULL,
    url          TEXT NOT NULL DEFAULT '',
    vehicle_type TEXT NOT NULL DEFAULT '',
    source_data  TEXT,
    created_at   TIMESTAMP NOT NULL
);

CREATE TABLE question_content (
    id          TEXT PRIMARY KEY,
    question_id TEXT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
    content_id  TEXT NOT NULL REFERENCES content(id) ON DELETE CASCADE,
    UNIQUE (question_id, content_id)
);
CREATE INDEX question_content_content_idx ON question_content(content_id);

CREATE TABLE audiences (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    contact_count   INTEGER NOT NULL DEFAULT 0,
    roles           TEXT NOT NULL DEFAULT '[]',
    org_levels      TEXT NOT NULL DEFAULT '[]',
    divisions       TEXT NOT NULL DEFAULT '[]',
    targeting_scope TEXT NOT NULL,
    departments     TEXT NOT NULL DEFAULT '[]',
    locations       TEXT NOT NULL DEFAULT '[]',
    employee_types  TEXT NOT NULL DEFAULT '[]',
    audience_type   TEXT NOT NULL,
    created_at      TIMESTAMP NOT NULL
);

CREATE TABLE vehicles (
    id                         TEXT PRIMARY KEY,
    name                       TEXT NOT NULL,
    type                       TEXT NOT NULL,
    description                TEXT NOT NULL DEFAULT '',
    settings                   TEXT NOT NULL DEFAULT '{}',
    generational_targeting     TEXT NOT NULL DEFAULT '[]',
    communication_strategy     TEXT NOT NULL,
    preferred_generations      TEXT NOT NULL DEFAULT '[]',
    generational_effectiveness TEXT NOT NULL DEFAULT '{}',
    created_at                 TIMESTAMP NOT NULL
);

CREATE TABLE communications (
    id                 TEXT PRIMARY KEY,
    title              TEXT NOT NULL,
    theme_id           TEXT REFERENCES themes(id) ON DELETE SET NULL,
    selected_questions TEXT NOT NULL DEFAULT '[]',
    audience_id        TEXT REFERENCES audiences(id) ON DELETE SET NULL,
    vehicle_id         TEXT REFERENCES vehicles(id) ON DELETE SET NULL,
    raw_content        TEXT NOT NULL DEFAULT '',
    generated_content  TEXT NOT NULL DEFAULT '',
    final_content_id   TEXT NOT NULL DEFAULT '',
    status             TEXT NOT NULL,
    scheduled_date     TEXT NOT NULL DEFAULT '',
    created_at         TIMESTAMP NOT NULL
);
CREATE INDEX communications_theme_idx ON communications(theme_id);
CREATE INDEX communications_audience_idx ON communications(audience_id);
CREATE INDEX communications_vehicle_idx ON communications(vehicle_id);

CREATE TABLE activity (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT,
    id          TEXT NOT NULL UNIQUE,
    action      TEXT NOT NULL,
    entity_type TEXT NOT NULL,
    entity_id   TEXT NOT NULL,
    label       TEXT NOT NULL,
    at          TIMESTAMP NOT NULL
);

CREATE TABLE campaigns (
    id                 TEXT PRIMARY KEY,
    title              TEXT NOT NULL,
    description        TEXT NOT NULL DEFAULT '',
    schedule           TEXT NOT NULL,
    html_content       TEXT NOT NULL,
    audience_filters   TEXT,
    geographic_filters TEXT NOT NULL DEFAULT '[]',
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);

CREATE TABLE checklist_templates (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    items       TEXT NOT NULL,
    is_public   BOOLEAN NOT NULL DEFAULT FALSE,
    metadata    TEXT,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);

CREATE TABLE working_checklist (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    items      TEXT NOT NULL,
    version    INTEGER NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE checklist_history (
    seq   INTEGER PRIMARY KEY AUTOINCREMENT,
    id    TEXT NOT NULL UNIQUE,
    at    TIMESTAMP NOT NULL,
    stats TEXT NOT NULL
);

-- +goose Down
DROP TABLE checklist_history;
DROP TABLE working_checklist;
DROP TABLE checklist_templates;
DROP TABLE campaigns;
DROP TABLE activity;
DROP TABLE communications;
DROP TABLE vehicles;
DROP TABLE audiences;
DROP TABLE question_content;
DROP TABLE content;
DROP TABLE questions;
DROP TABLE themes;
