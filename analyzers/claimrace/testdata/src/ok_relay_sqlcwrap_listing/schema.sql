CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  status text,
  created_at timestamptz NOT NULL DEFAULT now()
);
