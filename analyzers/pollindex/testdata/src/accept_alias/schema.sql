CREATE TABLE tasks (id bigserial PRIMARY KEY, queue text NOT NULL, run_at timestamptz NOT NULL);
CREATE INDEX tasks_queue_run_at ON tasks (queue, run_at);
