ALTER TABLE jobs DROP COLUMN legacy_at;
