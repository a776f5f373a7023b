CREATE TABLE jobs ( -- want `no index serves the poll on jobs \(WHERE status = 'queued' AND run_at <= now\(\) ORDER BY run_at\)\n`
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);
