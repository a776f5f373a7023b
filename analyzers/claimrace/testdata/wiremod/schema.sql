CREATE TABLE outbox_entries (
    id bigserial PRIMARY KEY,
    topic text NOT NULL,
    payload bytea NOT NULL,
    status text NOT NULL DEFAULT 'pending',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX outbox_entries_pending ON outbox_entries (created_at) WHERE status = 'pending';
