CREATE TABLE webhooks (
  id bigserial PRIMARY KEY,
  url text NOT NULL,
  body jsonb NOT NULL,
  state text,
  tries int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
