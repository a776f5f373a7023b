CREATE TABLE jobs ( -- want `no index serves the poll on jobs \(WHERE status = 'queued' AND run_at <= now\(\) ORDER BY run_at\)`
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);
