-- The same directory is also what migrate applies to the running database.
CREATE INDEX jobs_status_idx ON jobs (status); -- want `CREATE INDEX locks queue table jobs`
