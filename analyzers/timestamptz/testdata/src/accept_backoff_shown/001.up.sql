CREATE TABLE tasks (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamp NOT NULL DEFAULT now()
);
CREATE INDEX tasks_pending ON tasks (created_at) WHERE status = 'pending';
