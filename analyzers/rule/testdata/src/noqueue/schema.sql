CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  -- jobqlint:ignore timestamptz another package claims from this table
  run_at timestamptz NOT NULL DEFAULT now()
);
