CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  endpoint text NOT NULL,
  max_retries int NOT NULL DEFAULT 3,
  status text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  run_at timestamptz NOT NULL DEFAULT now(),
  last_error text
);
