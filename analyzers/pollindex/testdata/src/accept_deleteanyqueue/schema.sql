CREATE TABLE jobs (id bigserial PRIMARY KEY, queue text NOT NULL, status text NOT NULL DEFAULT 'queued');
