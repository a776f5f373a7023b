-- +goose Up
-- +goose NO TRANSACTION
-- Each statement runs on its own: SET LOCAL does nothing, and each
-- statement that can wait is a transaction of its own.
SET LOCAL lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN kind text; -- want `ALTER TABLE locks queue table jobs`
CREATE INDEX jobs_kind ON jobs (kind); -- want `CREATE INDEX locks queue table jobs`

-- +goose Down
ALTER TABLE jobs DROP COLUMN kind;
