-- The runner sends each statement on its own, in one transaction it
-- began: the first ALTER holds the table's lock for the others, and the
-- SET LOCAL is in force for the CREATE INDEX.
ALTER TABLE jobs ADD COLUMN kind text; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode`
ALTER TABLE jobs ADD COLUMN note text;
SET LOCAL lock_timeout = '5s';
CREATE INDEX jobs_kind ON jobs (kind);
