CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', kind text NOT NULL, run_at timestamptz NOT NULL DEFAULT now()); -- want `the index jobs_status_idx \(status\) finds the runnable rows`
CREATE INDEX jobs_status_idx ON jobs (status);
CREATE INDEX jobs_status_kind_idx ON jobs (status, kind);
