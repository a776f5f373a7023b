-- No migration created this trigger: IF EXISTS finds none and locks nothing.
DROP TRIGGER IF EXISTS jobs_legacy ON jobs;
