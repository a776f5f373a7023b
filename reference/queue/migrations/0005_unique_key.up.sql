-- A job's unique key (EnqueueOptions.UniqueKey): enqueues that give the
-- same key make one job, for as long as the table keeps it (a monthly
-- charge enqueued from cron on every host). Nullable, no default: adding
-- it rewrites nothing.
ALTER TABLE jobs ADD COLUMN unique_key text;
