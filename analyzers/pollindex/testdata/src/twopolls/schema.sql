CREATE TABLE jobs ( -- want `no index serves the poll on jobs \(WHERE status = 'queued' ORDER BY run_at\)` `no index serves the poll on jobs \(WHERE status = 'queued' AND queue = \$1 ORDER BY run_at\)`
  id bigserial PRIMARY KEY,
  queue text NOT NULL DEFAULT 'default',
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now()
);
