CREATE TABLE tasks (
  id bigserial PRIMARY KEY,
  queue text NOT NULL,
  kind text NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tasks_queue_created ON tasks (queue, created_at);
