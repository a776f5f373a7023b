CREATE TYPE job_state AS ENUM ('queued', 'running', 'done', 'failed');
CREATE TABLE jobs (id bigserial PRIMARY KEY, state job_state NOT NULL DEFAULT 'queued', locked_until timestamptz);
