CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', payload jsonb);
CREATE INDEX jobs_status_idx ON jobs (status);
