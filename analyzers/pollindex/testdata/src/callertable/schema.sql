CREATE TABLE outbox (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'pending', created_at timestamptz NOT NULL DEFAULT now(), locked_until timestamptz); -- want `CREATE INDEX CONCURRENTLY outbox_poll_idx ON outbox \(created_at\) WHERE status = 'pending'`
CREATE INDEX outbox_status ON outbox (id);
