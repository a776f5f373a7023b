CREATE TABLE tasks ( -- want `no index gives the poll on tasks \(ORDER BY COALESCE\(run_at, created_at\)\) its order\n.* CREATE INDEX CONCURRENTLY tasks_poll_idx ON tasks \(COALESCE\(run_at, created_at\)\)`
  id bigserial PRIMARY KEY,
  body jsonb NOT NULL,
  run_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tasks_created ON tasks (created_at);
