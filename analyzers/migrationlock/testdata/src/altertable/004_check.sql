ALTER TABLE jobs ADD CONSTRAINT jobs_status_check CHECK (status IN ('queued', 'running', 'done')) NOT VALID; -- want `ALTER TABLE locks queue table jobs`
