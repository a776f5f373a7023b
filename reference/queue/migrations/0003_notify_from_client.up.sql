-- Enqueue notifies from the client, at most once per queue per interval
-- (notify.go), instead of this trigger's NOTIFY on every insert: a
-- transaction that has sent NOTIFY takes a database-wide lock at commit and
-- holds it through the commit's WAL flush, so single-job enqueues committed
-- one at a time.
DROP TRIGGER jobs_notify ON jobs;
DROP FUNCTION jobs_notify();
