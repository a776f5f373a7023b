-- +goose Up
-- Made a quarter of an hour after the jobs table's migration: a deploy may
-- have run in between, and workers may hold the jobs table.
CREATE TABLE documents (id bigserial PRIMARY KEY, job_id bigint NOT NULL REFERENCES jobs (id) ON DELETE CASCADE, content text NOT NULL); -- want `the foreign key of documents locks queue table jobs`

-- +goose Down
DROP TABLE documents;
