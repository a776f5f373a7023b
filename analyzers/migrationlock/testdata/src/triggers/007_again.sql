-- 003 dropped it: PostgreSQL finds no trigger and locks nothing.
DROP TRIGGER IF EXISTS jobs_notify ON jobs;
