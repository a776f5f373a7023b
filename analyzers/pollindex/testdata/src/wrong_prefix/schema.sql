-- The composite starts with queue, which this poll does not filter on.
CREATE TABLE tasks (id bigserial PRIMARY KEY, queue text NOT NULL, state text NOT NULL, not_before timestamptz NOT NULL); -- want `CREATE INDEX CONCURRENTLY tasks_poll_idx ON tasks \(not_before\) WHERE state = 'ready'`
CREATE INDEX ON tasks (queue, state, not_before);
