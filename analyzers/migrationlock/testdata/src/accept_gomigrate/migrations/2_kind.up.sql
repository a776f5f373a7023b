-- One string, one implicit transaction: SET LOCAL holds for the ALTER.
SET LOCAL lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN kind text;
