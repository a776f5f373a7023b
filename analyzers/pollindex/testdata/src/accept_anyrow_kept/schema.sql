CREATE TABLE feeds (id bigserial PRIMARY KEY, url text NOT NULL, status text NOT NULL DEFAULT 'idle', fetched_at timestamptz);
