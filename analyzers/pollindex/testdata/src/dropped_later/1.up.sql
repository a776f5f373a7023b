CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamptz NOT NULL); -- want `no index serves the poll on jobs`
CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued';
