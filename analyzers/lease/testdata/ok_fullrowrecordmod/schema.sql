CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  state text NOT NULL DEFAULT 'queued',
  attempts int NOT NULL DEFAULT 0,
  payload jsonb,
  last_error text,
  run_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
