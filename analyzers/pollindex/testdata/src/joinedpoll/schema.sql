CREATE TABLE webhooks (id bigserial PRIMARY KEY, url text NOT NULL, active boolean NOT NULL DEFAULT true);
CREATE TABLE deliveries (id bigserial PRIMARY KEY, webhook_id bigint NOT NULL REFERENCES webhooks, status text NOT NULL DEFAULT 'pending', created_at timestamptz NOT NULL DEFAULT now()); -- want `the index deliveries_status_idx \(status\) finds the runnable rows of the poll on deliveries but not in its order`
CREATE INDEX deliveries_status_idx ON deliveries (status);
