ALTER TABLE jobs ADD CONSTRAINT jobs_status_check CHECK (status <> '') NOT VALID; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode`
