CREATE TABLE outbox (id bigserial PRIMARY KEY, key text NOT NULL, body bytea NOT NULL, status text NOT NULL DEFAULT 'pending', created_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX outbox_pending ON outbox (key, created_at) WHERE status = 'pending';
