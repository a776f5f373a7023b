-- The fix, shipped as a migration: the earlier timestamp no longer counts.
ALTER TABLE jobs ALTER COLUMN run_at TYPE timestamptz USING run_at AT TIME ZONE 'UTC';
