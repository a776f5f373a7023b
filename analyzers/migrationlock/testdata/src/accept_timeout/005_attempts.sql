-- A foreign key to the queue table waits for the queue table's lock too;
-- the timeout bounds that wait.
SET lock_timeout = '5s';
CREATE TABLE job_attempts (id bigserial PRIMARY KEY, job_id bigint NOT NULL REFERENCES jobs (id), error text);
