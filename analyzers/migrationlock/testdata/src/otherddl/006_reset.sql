CREATE TABLE job_logs (id bigserial PRIMARY KEY, job_id bigint NOT NULL, line text);
-- job_logs is no queue and was created above; jobs is the queue.
TRUNCATE job_logs, jobs; -- want `TRUNCATE locks queue table jobs in ACCESS EXCLUSIVE mode`
