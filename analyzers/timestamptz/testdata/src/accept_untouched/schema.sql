-- audit_log is queried by the queue code too, but it is not a queue table.
CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamptz NOT NULL);
CREATE INDEX ON jobs (run_at) WHERE status = 'queued';
CREATE TABLE audit_log (id bigserial PRIMARY KEY, job_id bigint, logged_at timestamp NOT NULL DEFAULT now());
CREATE TABLE users (id bigserial PRIMARY KEY, created_at timestamp);
