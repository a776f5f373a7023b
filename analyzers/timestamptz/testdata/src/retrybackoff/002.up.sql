ALTER TABLE tasks
  ADD COLUMN tries integer NOT NULL DEFAULT 0,
  ADD COLUMN next_try_at TIMESTAMP; -- want `tasks.next_try_at is timestamp without time zone`
