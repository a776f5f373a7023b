-- atlas runs each file in a transaction by default (txmode file).
SET LOCAL lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN kind text;
