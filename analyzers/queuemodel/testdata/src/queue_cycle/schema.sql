CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  body bytea NOT NULL,
  sent boolean NOT NULL DEFAULT false
);
