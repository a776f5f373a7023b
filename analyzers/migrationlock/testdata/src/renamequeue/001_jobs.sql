CREATE TABLE job_keys (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', run_at timestamptz NOT NULL DEFAULT now());
