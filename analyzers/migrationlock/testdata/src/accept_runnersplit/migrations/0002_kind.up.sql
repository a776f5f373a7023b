-- The runner sends each statement on its own, on one connection: the
-- session's lock_timeout bounds every statement after it, and the
-- statements in BEGIN ... COMMIT share that transaction and its lock.
SET lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN kind text;
RESET lock_timeout;
BEGIN;
SET LOCAL lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN note text;
CREATE INDEX jobs_note ON jobs (note);
COMMIT;
