-- The snapshot sqlc generates code against, last refreshed before
-- migration 2: replayed after the migrations, it would drop their index.
CREATE TABLE jobs (id bigserial PRIMARY KEY, kind text, status text NOT NULL, run_at timestamptz NOT NULL);
