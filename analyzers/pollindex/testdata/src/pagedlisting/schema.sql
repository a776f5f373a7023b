CREATE TABLE jobs ( -- want `no index serves the poll on jobs \(WHERE status = 'pending' ORDER BY run_at\)`
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'pending',
  run_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
