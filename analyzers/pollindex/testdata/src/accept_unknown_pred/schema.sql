-- A predicate the tool does not evaluate: benefit of the doubt.
CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamptz NOT NULL);
CREATE INDEX jobs_runnable ON jobs (run_at) WHERE lower(status) = 'queued';
