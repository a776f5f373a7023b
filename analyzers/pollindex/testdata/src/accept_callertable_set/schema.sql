CREATE TABLE outbox (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'pending', created_at timestamptz NOT NULL DEFAULT now(), locked_until timestamptz);
CREATE INDEX outbox_status ON outbox (id);
CREATE TABLE outbox_archive (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'pending', created_at timestamptz NOT NULL DEFAULT now(), locked_until timestamptz);
