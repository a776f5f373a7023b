CREATE TABLE evaluations (
  id text PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  summary text,
  error text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
