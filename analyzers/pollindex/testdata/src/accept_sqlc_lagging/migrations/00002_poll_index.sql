-- +goose Up
-- +goose NO TRANSACTION
CREATE INDEX CONCURRENTLY jobs_runnable ON jobs (run_at) WHERE status = 'queued';

-- +goose Down
DROP INDEX jobs_runnable;
