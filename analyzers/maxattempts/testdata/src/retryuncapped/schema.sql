CREATE TABLE jobs (
    job_id bigserial PRIMARY KEY,
    current_state text NOT NULL DEFAULT 'pending',
    payload jsonb NOT NULL,
    retries int NOT NULL DEFAULT 0,
    started_at timestamptz
);
CREATE INDEX jobs_pending ON jobs (job_id) WHERE current_state = 'pending';
