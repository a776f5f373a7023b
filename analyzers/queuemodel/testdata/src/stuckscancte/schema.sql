CREATE TABLE jobs (id bigserial PRIMARY KEY, payload bytea NOT NULL, state text NOT NULL, run_at timestamptz NOT NULL DEFAULT now(), attempted_at timestamptz);
