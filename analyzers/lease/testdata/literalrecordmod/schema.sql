CREATE TABLE tasks (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  status text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
