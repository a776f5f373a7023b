ALTER TABLE jobs ADD COLUMN kind text NOT NULL DEFAULT 'email'; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode`
