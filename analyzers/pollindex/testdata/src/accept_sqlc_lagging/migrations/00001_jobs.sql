-- +goose Up
CREATE TABLE jobs (id bigserial PRIMARY KEY, kind text, status text NOT NULL, run_at timestamptz NOT NULL);

-- +goose Down
DROP TABLE jobs;
