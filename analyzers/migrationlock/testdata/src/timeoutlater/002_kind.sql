-- A lock_timeout counts for the statements after it, until it is turned
-- off; SET LOCAL only to the end of its transaction. Each COMMIT ends a
-- transaction, and the statements after it start the next one.
ALTER TABLE jobs ADD COLUMN kind text; -- want `ALTER TABLE locks queue table jobs`
COMMIT;
SET lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN queue text;
COMMIT;
SET lock_timeout = 0;
ALTER TABLE jobs ADD COLUMN priority int; -- want `ALTER TABLE locks queue table jobs`
COMMIT;
SET LOCAL lock_timeout TO '2s';
ALTER TABLE jobs ADD COLUMN tags text[];
COMMIT;
ALTER TABLE jobs ADD COLUMN region text; -- want `ALTER TABLE locks queue table jobs`
COMMIT;
SELECT set_config('lock_timeout', '2s', true);
ALTER TABLE jobs ADD COLUMN owner text;
COMMIT;
ALTER TABLE jobs ADD COLUMN shard int; -- want `ALTER TABLE locks queue table jobs`
COMMIT;
SELECT set_config('lock_timeout', '2s', false);
COMMIT;
ALTER TABLE jobs ADD COLUMN cost int;
COMMIT;
RESET lock_timeout;
ALTER TABLE jobs ADD COLUMN origin text; -- want `ALTER TABLE locks queue table jobs`
