CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'pending', run_at timestamptz NOT NULL DEFAULT now());
