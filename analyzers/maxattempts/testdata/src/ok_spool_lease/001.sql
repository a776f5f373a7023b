CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  url text NOT NULL,
  body bytea NOT NULL,
  tries int NOT NULL DEFAULT 0,
  run_after timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (run_after);
