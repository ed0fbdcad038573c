-- +goose Up
-- The employee directory: the people a plan writes to, imported from HR
-- (CSV, SCIM) or seeded. employee_id is HR's key. Each audience criterion
-- has a *_key column (domain.DirectoryKey of the field) with an index over
-- it and active, so an audience's members are an index range, not a scan.
CREATE TABLE employees (
    id             TEXT PRIMARY KEY,
    employee_id    TEXT NOT NULL UNIQUE,
    name           TEXT NOT NULL,
    email          TEXT NOT NULL DEFAULT '',
    phone          TEXT NOT NULL DEFAULT '',
    division       TEXT NOT NULL DEFAULT '',
    location       TEXT NOT NULL DEFAULT '',
    department     TEXT NOT NULL DEFAULT '',
    job_title      TEXT NOT NULL DEFAULT '',
    level          TEXT NOT NULL DEFAULT '',
    employee_type  TEXT NOT NULL DEFAULT '',
    role_group     TEXT NOT NULL DEFAULT '',
    manager_id     TEXT NOT NULL DEFAULT '',
    language       TEXT NOT NULL DEFAULT '',
    timezone       TEXT NOT NULL DEFAULT '',
    active         BOOLEAN NOT NULL DEFAULT TRUE,
    start_date     TEXT NOT NULL DEFAULT '',
    end_date       TEXT NOT NULL DEFAULT '',
    attributes     TEXT NOT NULL DEFAULT '{}',
    source         TEXT NOT NULL,
    division_key   TEXT NOT NULL DEFAULT '',
    location_key   TEXT NOT NULL DEFAULT '',
    level_key      TEXT NOT NULL DEFAULT '',
    role_key       TEXT NOT NULL DEFAULT '',
    department_key TEXT NOT NULL DEFAULT '',
    type_key       TEXT NOT NULL DEFAULT '',
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX employees_name ON employees (name, id);
CREATE INDEX employees_division ON employees (division_key, active);
CREATE INDEX employees_location ON employees (location_key, active);
CREATE INDEX employees_level ON employees (level_key, active);
CREATE INDEX employees_role ON employees (role_key, active);
CREATE INDEX employees_department ON employees (department_key, active);
CREATE INDEX employees_type ON employees (type_key, active);
CREATE INDEX employees_job_title ON employees (job_title);

-- An audience may name employees beyond its criteria, and leave some out.
ALTER TABLE audiences ADD COLUMN include_ids TEXT NOT NULL DEFAULT '[]';
ALTER TABLE audiences ADD COLUMN exclude_ids TEXT NOT NULL DEFAULT '[]';

-- +goose Down
ALTER TABLE audiences DROP COLUMN exclude_ids;
ALTER TABLE audiences DROP COLUMN include_ids;
DROP TABLE employees;
