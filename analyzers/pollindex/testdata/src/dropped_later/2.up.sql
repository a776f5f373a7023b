-- A later migration drops the index: it no longer counts.
DROP INDEX CONCURRENTLY IF EXISTS jobs_poll;
