-- +goose Up
-- Range and filter queries on communications (issue 27): a month of the
-- calendar is one range scan of scheduled_date (YYYY-MM-DD dates and RFC 3339
-- UTC instants, which sort as text); a status column of the List view is
-- one range of (status, scheduled_date).
CREATE INDEX communications_scheduled_idx ON communications(scheduled_date);
CREATE INDEX communications_status_scheduled_idx ON communications(status, scheduled_date);

-- +goose Down
DROP INDEX communications_status_scheduled_idx;
DROP INDEX communications_scheduled_idx;
