CREATE TABLE webhooks (id bigserial PRIMARY KEY, url text NOT NULL, active boolean NOT NULL DEFAULT true);
CREATE TABLE deliveries (id bigserial PRIMARY KEY, webhook_id bigint NOT NULL REFERENCES webhooks, status text NOT NULL DEFAULT 'pending', created_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX deliveries_status_idx ON deliveries (status);
CREATE INDEX deliveries_pending_idx ON deliveries (created_at) WHERE status = 'pending';
