CREATE TABLE jobs (id bigserial PRIMARY KEY, queue text NOT NULL, state text NOT NULL, scheduled_at timestamptz NOT NULL, priority int NOT NULL); -- want `CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs \(queue, priority, scheduled_at\) WHERE state = 'available'`
CREATE INDEX jobs_queue ON jobs (queue);
