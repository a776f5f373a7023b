SET lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN kind text;
CREATE INDEX jobs_kind ON jobs (kind);
