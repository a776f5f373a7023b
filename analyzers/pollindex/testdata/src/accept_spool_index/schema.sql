CREATE TABLE mail_queue (id bigserial PRIMARY KEY, recipient text NOT NULL, body text NOT NULL, due_time timestamptz NOT NULL DEFAULT now());
CREATE INDEX mail_queue_due_idx ON mail_queue (due_time);
