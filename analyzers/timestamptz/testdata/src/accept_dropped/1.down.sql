-- Down migrations are not replayed.
ALTER TABLE jobs ADD COLUMN other_at timestamp;
