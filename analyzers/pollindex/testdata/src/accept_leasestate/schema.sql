CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  available_at timestamptz NOT NULL,
  lease_until timestamptz
);
CREATE INDEX outbox_available ON outbox (available_at, id);
