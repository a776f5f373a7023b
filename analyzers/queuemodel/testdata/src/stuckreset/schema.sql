CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'pending', attempts int NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now());
