ALTER TABLE jobs ADD COLUMN result jsonb; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode with no lock_timeout set before it`
-- users is no queue table.
ALTER TABLE users ADD COLUMN name text;
