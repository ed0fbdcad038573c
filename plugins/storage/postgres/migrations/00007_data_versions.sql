-- +goose Up
-- Data versions (issue 15): one row per cached list. Every write that can
-- change a list bumps its row in the write's own transaction, so a server
-- (any replica) serves a cached list only while its version still matches.
CREATE TABLE data_versions (
    kind    TEXT PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO data_versions (kind, version) VALUES
    ('themes', 0), ('questions', 0), ('content', 0), ('audiences', 0),
    ('vehicles', 0), ('communications', 0), ('campaigns', 0);

-- +goose Down
DROP TABLE data_versions;
