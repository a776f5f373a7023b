CREATE TABLE jobs (id bigserial PRIMARY KEY, payload jsonb NOT NULL, attempts int NOT NULL DEFAULT 0,
  locked_at timestamptz, done_at timestamptz, last_error text);
