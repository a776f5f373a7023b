-- The postgres image runs this directory once, on a new database, before any
-- worker: the index waits for no lock.
CREATE INDEX jobs_status_idx ON jobs (status);
