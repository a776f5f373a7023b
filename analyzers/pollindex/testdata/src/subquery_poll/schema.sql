CREATE TABLE outbox (id bigserial PRIMARY KEY, key text NOT NULL, status text NOT NULL DEFAULT 'pending', created_at timestamptz NOT NULL DEFAULT now()); -- want `no index serves the poll on outbox \(WHERE status = 'pending' ORDER BY key, created_at\)`
CREATE INDEX outbox_key ON outbox (key);
