CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  payload bytea NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  started_at timestamptz
);
CREATE INDEX jobs_queued ON jobs (id) WHERE status = 'queued';
