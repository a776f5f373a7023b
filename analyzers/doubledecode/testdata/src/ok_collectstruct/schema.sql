CREATE TABLE jobs (id bigserial PRIMARY KEY, kind text NOT NULL, payload jsonb NOT NULL, meta json, status text NOT NULL DEFAULT 'queued');
