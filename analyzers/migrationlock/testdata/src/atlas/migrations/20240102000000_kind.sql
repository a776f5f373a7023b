-- atlas:txmode none

SET LOCAL lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN kind text; -- want `ALTER TABLE locks queue table jobs`
