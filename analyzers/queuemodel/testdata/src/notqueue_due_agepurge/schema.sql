CREATE TABLE uploads (
    id bigserial PRIMARY KEY,
    name text NOT NULL UNIQUE,
    owner_id bigint,
    created_at timestamptz NOT NULL DEFAULT now(),
    send_after timestamptz
);
