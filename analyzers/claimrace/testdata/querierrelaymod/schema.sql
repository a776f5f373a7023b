CREATE TABLE outbox (
    id bigserial PRIMARY KEY,
    payload bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
);
