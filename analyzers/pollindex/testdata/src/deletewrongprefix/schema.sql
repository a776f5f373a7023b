CREATE TABLE jobs (id bigserial PRIMARY KEY, kind text NOT NULL, run_at timestamptz NOT NULL DEFAULT now()); -- want `no index gives the poll on jobs \(ORDER BY run_at\) its order`
CREATE INDEX jobs_kind_run_at_idx ON jobs (kind, run_at);
