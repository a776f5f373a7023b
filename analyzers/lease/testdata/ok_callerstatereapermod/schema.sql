CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'pending',
  payload bytea,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_pending ON jobs (id) WHERE status = 'pending';
