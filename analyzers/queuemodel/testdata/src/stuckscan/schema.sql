CREATE TABLE jobs (id bigserial PRIMARY KEY, state text NOT NULL DEFAULT 'available', run_at timestamptz NOT NULL, attempted_at timestamptz);
