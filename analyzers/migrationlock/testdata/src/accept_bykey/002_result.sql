SET lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN result jsonb;
