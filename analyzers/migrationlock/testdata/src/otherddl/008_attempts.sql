-- A new table with a foreign key to the queue table holds the queue table
-- in SHARE ROW EXCLUSIVE mode to create the key's triggers there: it waits
-- behind a worker's open transaction like an ALTER TABLE would.
CREATE TABLE job_attempts (id bigserial PRIMARY KEY, job_id bigint NOT NULL REFERENCES jobs (id), error text); -- want `the foreign key of job_attempts locks queue table jobs in SHARE ROW EXCLUSIVE mode`
