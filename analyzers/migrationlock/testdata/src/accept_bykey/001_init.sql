CREATE TABLE jobs (id text PRIMARY KEY, payload bytea NOT NULL, status text NOT NULL DEFAULT 'pending', started_at timestamptz);
CREATE TABLE users (id bigserial PRIMARY KEY, email text NOT NULL, status text NOT NULL DEFAULT 'pending');
