CREATE TABLE tasks (id bigserial PRIMARY KEY, queue text NOT NULL, run_at timestamptz NOT NULL); -- want `the index tasks_queue_idx \(queue\) finds the runnable rows .* but not in its order\n.*CREATE INDEX CONCURRENTLY tasks_poll_idx ON tasks \(queue, run_at\)`
CREATE INDEX tasks_queue_idx ON tasks (queue);
