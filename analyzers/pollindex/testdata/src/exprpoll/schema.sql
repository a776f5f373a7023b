CREATE TABLE jobs ( -- want `no index serves the poll on jobs \(WHERE status = 'queued' ORDER BY run_at\)`
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz
);
