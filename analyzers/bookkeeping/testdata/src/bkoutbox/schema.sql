CREATE TABLE outbox (id bigserial PRIMARY KEY, payload jsonb NOT NULL, published_at timestamptz,
	retry_count int NOT NULL DEFAULT 0, last_error text, updated_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX outbox_unpublished ON outbox (created_at) WHERE published_at IS NULL;
