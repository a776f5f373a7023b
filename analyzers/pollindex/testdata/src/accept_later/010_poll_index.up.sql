-- Migration 10 sorts after migration 1 and adds the index the poll needs.
CREATE INDEX CONCURRENTLY jobs_runnable ON jobs (run_at) WHERE status = 'queued';
