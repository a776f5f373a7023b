CREATE INDEX CONCURRENTLY jobs_runnable2 ON jobs (run_at) WHERE status = 'queued';
