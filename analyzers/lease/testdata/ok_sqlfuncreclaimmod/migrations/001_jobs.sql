CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued',
  locked_until timestamptz, payload jsonb NOT NULL);
