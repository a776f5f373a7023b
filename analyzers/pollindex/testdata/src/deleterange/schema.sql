CREATE TABLE jobs (id bigserial PRIMARY KEY, priority int NOT NULL DEFAULT 0, run_at timestamptz NOT NULL DEFAULT now()); -- want `no index gives the poll on jobs \(WHERE run_at <= now\(\) ORDER BY priority\) its order`
CREATE INDEX jobs_run_at_priority_idx ON jobs (run_at, priority);
