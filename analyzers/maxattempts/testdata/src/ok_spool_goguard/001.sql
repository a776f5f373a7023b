CREATE TABLE outbox_events (
  id bigserial PRIMARY KEY,
  topic text NOT NULL,
  body bytea NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_events_due ON outbox_events (next_attempt_at);
CREATE TABLE outbox_dead (id bigint PRIMARY KEY, topic text NOT NULL, body bytea NOT NULL);
