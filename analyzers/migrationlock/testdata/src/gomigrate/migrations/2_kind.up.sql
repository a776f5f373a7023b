-- golang-migrate sends the file as one string: one implicit transaction,
-- which the COMMIT ends; SET LOCAL ended with it.
SET LOCAL lock_timeout = '5s';
COMMIT;
ALTER TABLE jobs ADD COLUMN kind text; -- want `ALTER TABLE locks queue table jobs`
