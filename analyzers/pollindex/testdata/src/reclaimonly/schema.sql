CREATE TABLE jobs ( -- want `no index serves the poll on jobs`
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'queued',
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);
