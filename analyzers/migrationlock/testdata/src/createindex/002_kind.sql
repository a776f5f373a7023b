ALTER TABLE jobs ADD COLUMN kind text NOT NULL DEFAULT 'email'; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode`
CREATE INDEX jobs_kind ON jobs (kind); -- want `CREATE INDEX locks queue table jobs in SHARE mode`
DROP INDEX jobs_runnable; -- want `DROP INDEX locks queue table jobs in ACCESS EXCLUSIVE mode`
CREATE INDEX CONCURRENTLY jobs_runnable2 ON jobs (run_at) WHERE status = 'queued';
