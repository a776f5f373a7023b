CREATE TABLE deliveries (id bigserial PRIMARY KEY, url text NOT NULL, payload bytea NOT NULL,
	status text NOT NULL DEFAULT 'pending', attempts int NOT NULL DEFAULT 0, last_error text NOT NULL DEFAULT '',
	next_retry_at timestamptz NOT NULL DEFAULT now(), delivered_at timestamptz);
