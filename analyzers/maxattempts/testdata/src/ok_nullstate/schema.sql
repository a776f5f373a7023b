CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  locked_at timestamptz,
  attempts int NOT NULL DEFAULT 0,
  max_attempts int NOT NULL DEFAULT 5
);
