CREATE TABLE outbox ( -- want `no index gives the poll on outbox its order`
  id bigserial PRIMARY KEY,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  available_at timestamptz NOT NULL,
  lease_until timestamptz
);
