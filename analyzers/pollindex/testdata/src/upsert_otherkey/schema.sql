CREATE TABLE jobs ( -- want `no index serves the poll on jobs`
  id text PRIMARY KEY,
  kind text NOT NULL,
  dedup_key text UNIQUE,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);
