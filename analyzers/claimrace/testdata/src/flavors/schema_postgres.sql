CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  created timestamptz NOT NULL DEFAULT now(),
  timeout timestamptz NOT NULL DEFAULT now(),
  received int NOT NULL DEFAULT 0,
  queue text NOT NULL,
  body bytea NOT NULL
);
