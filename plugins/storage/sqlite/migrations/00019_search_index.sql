-- +goose Up
-- Search indexes (issue 27): a trigram index (FTS5's trigram tokenizer) of
-- every column the header search (GET /api/search) matches, one table per
-- kind over its table's rowid, kept by triggers. A search of three or more
-- characters reads the rows the index names and checks them with the LIKE
-- it always ran, so the hits are the same; shorter ones scan as before.
-- The title indexes let a search of a word in many rows read the first
-- rows in the hits' order and stop (sqlstore's searchByKind).
CREATE INDEX themes_title_idx ON themes (lower(name), id);
CREATE INDEX questions_title_idx ON questions (lower(question), id);
CREATE INDEX content_title_idx ON content (lower(title), id);
CREATE INDEX communications_title_idx ON communications (lower(title), id);

CREATE VIRTUAL TABLE themes_search USING fts5(name, description, content='themes', content_rowid='rowid', tokenize='trigram');
INSERT INTO themes_search(themes_search) VALUES ('rebuild');
-- +goose StatementBegin
CREATE TRIGGER themes_search_insert AFTER INSERT ON themes BEGIN
    INSERT INTO themes_search(rowid, name, description) VALUES (new.rowid, new.name, new.description);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER themes_search_delete AFTER DELETE ON themes BEGIN
    INSERT INTO themes_search(themes_search, rowid, name, description) VALUES ('delete', old.rowid, old.name, old.description);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER themes_search_update AFTER UPDATE OF name, description ON themes BEGIN
    INSERT INTO themes_search(themes_search, rowid, name, description) VALUES ('delete', old.rowid, old.name, old.description);
    INSERT INTO themes_search(rowid, name, description) VALUES (new.rowid, new.name, new.description);
END;
-- +goose StatementEnd

CREATE VIRTUAL TABLE questions_search USING fts5(question, description, content='questions', content_rowid='rowid', tokenize='trigram');
INSERT INTO questions_search(questions_search) VALUES ('rebuild');
-- +goose StatementBegin
CREATE TRIGGER questions_search_insert AFTER INSERT ON questions BEGIN
    INSERT INTO questions_search(rowid, question, description) VALUES (new.rowid, new.question, new.description);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER questions_search_delete AFTER DELETE ON questions BEGIN
    INSERT INTO questions_search(questions_search, rowid, question, description) VALUES ('delete', old.rowid, old.question, old.description);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER questions_search_update AFTER UPDATE OF question, description ON questions BEGIN
    INSERT INTO questions_search(questions_search, rowid, question, description) VALUES ('delete', old.rowid, old.question, old.description);
    INSERT INTO questions_search(rowid, question, description) VALUES (new.rowid, new.question, new.description);
END;
-- +goose StatementEnd

CREATE VIRTUAL TABLE content_search USING fts5(title, description, content, content='content', content_rowid='rowid', tokenize='trigram');
INSERT INTO content_search(content_search) VALUES ('rebuild');
-- +goose StatementBegin
CREATE TRIGGER content_search_insert AFTER INSERT ON content BEGIN
    INSERT INTO content_search(rowid, title, description, content) VALUES (new.rowid, new.title, new.description, new.content);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER content_search_delete AFTER DELETE ON content BEGIN
    INSERT INTO content_search(content_search, rowid, title, description, content) VALUES ('delete', old.rowid, old.title, old.description, old.content);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER content_search_update AFTER UPDATE OF title, description, content ON content BEGIN
    INSERT INTO content_search(content_search, rowid, title, description, content) VALUES ('delete', old.rowid, old.title, old.description, old.content);
    INSERT INTO content_search(rowid, title, description, content) VALUES (new.rowid, new.title, new.description, new.content);
END;
-- +goose StatementEnd

CREATE VIRTUAL TABLE communications_search USING fts5(title, raw_content, content='communications', content_rowid='rowid', tokenize='trigram');
INSERT INTO communications_search(communications_search) VALUES ('rebuild');
-- +goose StatementBegin
CREATE TRIGGER communications_search_insert AFTER INSERT ON communications BEGIN
    INSERT INTO communications_search(rowid, title, raw_content) VALUES (new.rowid, new.title, new.raw_content);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER communications_search_delete AFTER DELETE ON communications BEGIN
    INSERT INTO communications_search(communications_search, rowid, title, raw_content) VALUES ('delete', old.rowid, old.title, old.raw_content);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER communications_search_update AFTER UPDATE OF title, raw_content ON communications BEGIN
    INSERT INTO communications_search(communications_search, rowid, title, raw_content) VALUES ('delete', old.rowid, old.title, old.raw_content);
    INSERT INTO communications_search(rowid, title, raw_content) VALUES (new.rowid, new.title, new.raw_content);
END;
-- +goose StatementEnd

-- +goose Down
DROP INDEX themes_title_idx;
DROP INDEX questions_title_idx;
DROP INDEX content_title_idx;
DROP INDEX communications_title_idx;
DROP TRIGGER themes_search_insert;
DROP TRIGGER themes_search_delete;
DROP TRIGGER themes_search_update;
DROP TABLE themes_search;
DROP TRIGGER questions_search_insert;
DROP TRIGGER questions_search_delete;
DROP TRIGGER questions_search_update;
DROP TABLE questions_search;
DROP TRIGGER content_search_insert;
DROP TRIGGER content_search_delete;
DROP TRIGGER content_search_update;
DROP TABLE content_search;
DROP TRIGGER communications_search_insert;
DROP TRIGGER communications_search_delete;
DROP TRIGGER communications_search_update;
DROP TABLE communications_search;
