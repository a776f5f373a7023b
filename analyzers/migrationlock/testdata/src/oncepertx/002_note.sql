-- Both statements can wait for the table, the ALTER too: CREATE INDEX's
-- SHARE lock lets other transactions keep their ACCESS SHARE. One finding
-- for the transaction, at its first: a lock_timeout set there bounds both.
CREATE INDEX jobs_due ON jobs (run_at, id); -- want `CREATE INDEX locks queue table jobs in SHARE mode`
ALTER TABLE jobs ADD COLUMN note text;
