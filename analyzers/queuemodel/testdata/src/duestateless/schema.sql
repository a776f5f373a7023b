CREATE TABLE webhook_jobs (id bigserial PRIMARY KEY, url text NOT NULL, payload bytea NOT NULL,
	attempts int NOT NULL DEFAULT 0, next_try_at timestamptz NOT NULL DEFAULT now());
