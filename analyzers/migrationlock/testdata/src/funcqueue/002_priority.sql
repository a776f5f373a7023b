ALTER TABLE jobs ADD COLUMN priority int NOT NULL DEFAULT 0; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode with no lock_timeout set before it`
