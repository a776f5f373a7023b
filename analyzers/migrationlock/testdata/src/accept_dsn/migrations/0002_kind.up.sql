ALTER TABLE jobs ADD COLUMN kind text;
