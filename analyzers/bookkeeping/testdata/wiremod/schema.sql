CREATE TABLE tasks (
    id bigserial PRIMARY KEY,
    status text NOT NULL DEFAULT 'queued',
    locked_until timestamptz,
    last_error text
);

CREATE INDEX tasks_queued ON tasks (id) WHERE status = 'queued';
