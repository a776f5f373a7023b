CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamp NOT NULL);
CREATE INDEX ON jobs (status, run_at);
