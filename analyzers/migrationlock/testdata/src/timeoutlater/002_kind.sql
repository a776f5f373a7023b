-- A lock_timeout counts for the statements after it, until it is turned off.
ALTER TABLE jobs ADD COLUMN kind text; -- want `ALTER TABLE locks queue table jobs`
SET lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN queue text;
SET lock_timeout = 0;
ALTER TABLE jobs ADD COLUMN priority int; -- want `ALTER TABLE locks queue table jobs`
SET LOCAL lock_timeout TO '2s';
ALTER TABLE jobs ADD COLUMN tags text[];
RESET lock_timeout;
ALTER TABLE jobs ADD COLUMN region text; -- want `ALTER TABLE locks queue table jobs`
