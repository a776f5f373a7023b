CREATE TABLE jobs (id text PRIMARY KEY, payload text NOT NULL, status text NOT NULL DEFAULT 'pending', started_at timestamptz);
