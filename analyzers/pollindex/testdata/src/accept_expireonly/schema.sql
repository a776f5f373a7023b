CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  payload bytea NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  run_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL DEFAULT now() + interval '1 day'
);
CREATE INDEX messages_run_at_idx ON messages (run_at);
