CREATE TABLE tasks (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  body jsonb NOT NULL,
  run_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tasks_due ON tasks ((coalesce(run_at, created_at)));
