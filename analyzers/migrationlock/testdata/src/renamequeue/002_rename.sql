-- ente's museum: the RENAME takes the table's ACCESS EXCLUSIVE lock and
-- can wait for it; the ALTER after it, in the same transaction, runs
-- under that lock on the table's new name and cannot.
ALTER TABLE job_keys RENAME TO jobs; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode`
ALTER TABLE jobs ADD COLUMN kind text;
