CREATE TABLE outbox_events (
  id bigserial PRIMARY KEY,
  topic text NOT NULL,
  payload bytea,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ON outbox_events (created_at) WHERE status = 'pending';

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
