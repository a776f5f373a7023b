CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  payload jsonb NOT NULL,
  status text,
  created_at timestamptz NOT NULL DEFAULT now()
);
