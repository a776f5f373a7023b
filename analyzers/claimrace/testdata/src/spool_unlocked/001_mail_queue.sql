CREATE TABLE mail_queue (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  body text NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  due_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_queue_due ON mail_queue (due_time);
