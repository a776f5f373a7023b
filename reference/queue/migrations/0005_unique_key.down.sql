ALTER TABLE jobs DROP COLUMN unique_key;
