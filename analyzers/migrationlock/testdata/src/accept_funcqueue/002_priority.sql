SET lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN priority int NOT NULL DEFAULT 0;
