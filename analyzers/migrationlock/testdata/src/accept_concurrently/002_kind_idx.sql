-- +goose NO TRANSACTION
-- +goose Up
CREATE INDEX CONCURRENTLY jobs_poll ON jobs (run_at, id) WHERE status = 'queued';
DROP INDEX CONCURRENTLY jobs_runnable;

-- +goose Down
CREATE INDEX jobs_runnable ON jobs (run_at) WHERE status = 'queued';
DROP INDEX jobs_poll;
