CREATE TABLE reminders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  text text NOT NULL,
  remind_at timestamptz NOT NULL
);
