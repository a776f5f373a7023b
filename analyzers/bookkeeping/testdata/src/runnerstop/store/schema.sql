CREATE TABLE outbox_events (id bigserial PRIMARY KEY, kind text NOT NULL, payload jsonb NOT NULL,
	status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'processed', 'failed')),
	attempts int NOT NULL DEFAULT 0, claimed_at timestamptz, created_at timestamptz NOT NULL DEFAULT now());
