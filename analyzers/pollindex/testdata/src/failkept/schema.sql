CREATE TABLE messages ( -- want `no index serves the poll on messages`
  id bigserial PRIMARY KEY,
  payload bytea NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  run_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_run_at_idx ON messages (run_at);
