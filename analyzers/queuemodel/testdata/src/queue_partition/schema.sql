CREATE TABLE jobs (
    id bigserial PRIMARY KEY,
    queue text NOT NULL,
    payload bytea NOT NULL
);
CREATE INDEX jobs_queue ON jobs (queue, id);
