-- The runner sends each statement on its own: the second ALTER is a
-- transaction of its own, which takes the lock again after the first
-- committed, and the SET LOCAL, sent alone, bounds nothing.
ALTER TABLE jobs ADD COLUMN kind text; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode`
ALTER TABLE jobs ADD COLUMN note text; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode`
SET LOCAL lock_timeout = '5s';
CREATE INDEX jobs_kind ON jobs (kind); -- want `CREATE INDEX locks queue table jobs in SHARE mode`
