ALTER TABLE jobs RENAME COLUMN run_at TO due_at; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode`
