-- +goose Up
-- Made one second after the jobs table's migration: both run in the first
-- migration, on a new, idle jobs table.
CREATE TABLE documents (id bigserial PRIMARY KEY, job_id bigint NOT NULL REFERENCES jobs (id) ON DELETE CASCADE, content text NOT NULL);

-- +goose Down
DROP TABLE documents;
