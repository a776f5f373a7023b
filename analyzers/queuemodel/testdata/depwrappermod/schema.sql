CREATE TABLE reminders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  text text NOT NULL,
  remind_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending'
);
CREATE INDEX reminders_due ON reminders (remind_at) WHERE status = 'pending';
