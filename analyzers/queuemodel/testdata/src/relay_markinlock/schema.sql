CREATE TABLE outbox (
    id bigserial PRIMARY KEY,
    topic text NOT NULL,
    payload jsonb NOT NULL,
    published_at timestamptz,
    claimed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
