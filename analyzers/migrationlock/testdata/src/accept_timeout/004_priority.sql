SELECT set_config('lock_timeout', '2s', true);
ALTER TABLE jobs ADD COLUMN priority int NOT NULL DEFAULT 0;
