-- queue:no-transaction
-- The index that makes a unique key unique, over the jobs that have one.
-- Built CONCURRENTLY: the workers go on meanwhile.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS jobs_unique_key ON jobs (unique_key) WHERE unique_key IS NOT NULL
