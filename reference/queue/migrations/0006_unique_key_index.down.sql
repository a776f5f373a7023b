-- queue:no-transaction
DROP INDEX CONCURRENTLY IF EXISTS jobs_unique_key
