---- tern: disable-tx ----
SET LOCAL lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN kind text; -- want `ALTER TABLE locks queue table jobs`

---- create above / drop below ----

ALTER TABLE jobs DROP COLUMN kind;
