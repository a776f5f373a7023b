CREATE TABLE cron_schedules (id bigserial PRIMARY KEY, name text NOT NULL, every interval NOT NULL, next_run_at timestamptz NOT NULL);
