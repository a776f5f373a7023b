-- +goose Up
-- +goose NO TRANSACTION
-- A session-level SET lasts for the statements after it.
SET lock_timeout = '5s';
CREATE INDEX jobs_kind ON jobs (kind);

-- +goose Down
DROP INDEX jobs_kind;
