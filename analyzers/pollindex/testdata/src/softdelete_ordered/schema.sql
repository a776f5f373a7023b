CREATE TABLE jobs ( -- want `no index serves the poll on jobs \(WHERE status = 'queued' AND deleted_at IS NULL ORDER BY created_at\)\n.*the existing index jobs_live_idx \(deleted_at, created_at\) does not help`
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX jobs_live_idx ON jobs (deleted_at, created_at);
