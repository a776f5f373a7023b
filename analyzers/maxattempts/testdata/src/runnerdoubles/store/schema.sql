CREATE TABLE webhook_deliveries (id bigserial PRIMARY KEY, body jsonb NOT NULL,
	status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'retry', 'delivered', 'dead')),
	attempts int NOT NULL DEFAULT 0, next_attempt_at timestamptz NOT NULL DEFAULT now(), locked_at timestamptz);
