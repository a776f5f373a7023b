CREATE TABLE tasks (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  result text,
  error text,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
