CREATE TABLE tasks (id bigserial PRIMARY KEY, queue text NOT NULL, state text NOT NULL, not_before timestamptz NOT NULL);
CREATE INDEX ON tasks (queue, state, not_before);
