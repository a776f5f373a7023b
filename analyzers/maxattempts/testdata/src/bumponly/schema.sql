CREATE TABLE outbox (id bigserial PRIMARY KEY, payload bytea NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
	processed_at timestamptz, retries int NOT NULL DEFAULT 0, last_error text, last_attempted_at timestamptz);
