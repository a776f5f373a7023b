ALTER TABLE jobs RENAME CONSTRAINT jobs_status_check TO jobs_status_present; -- want `ALTER TABLE locks queue table jobs in ACCESS EXCLUSIVE mode`
