CREATE TABLE jobs (id bigserial PRIMARY KEY, kind text, status text NOT NULL, run_at timestamptz NOT NULL);
CREATE INDEX jobs_kind_idx ON jobs (kind);
