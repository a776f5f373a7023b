CREATE TABLE queue_items (
    id bigserial PRIMARY KEY,
    route text NOT NULL,
    target text NOT NULL,
    state text NOT NULL DEFAULT 'queued',
    next_run_at timestamptz NOT NULL DEFAULT now(),
    lease_until timestamptz
);
CREATE INDEX queue_items_ready ON queue_items (state, next_run_at);
