-- The ALTER takes jobs' ACCESS EXCLUSIVE lock under a lock_timeout; the
-- transaction holds it to its end, so the CREATE INDEX after it cannot
-- wait, lock_timeout or not.
SET LOCAL lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN kind text;
SET LOCAL lock_timeout = 0;
CREATE INDEX jobs_kind ON jobs (kind);
