CREATE TABLE tickets (
    id bigserial PRIMARY KEY,
    subject text NOT NULL
);
CREATE TABLE deadline_events (
    id bigserial PRIMARY KEY,
    ticket_id bigint NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
    kind text NOT NULL,
    due_at timestamptz NOT NULL,
    satisfied_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deadline_events_ticket_idx ON deadline_events (ticket_id);
