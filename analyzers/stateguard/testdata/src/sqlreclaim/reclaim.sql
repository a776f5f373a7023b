-- Run every minute by pg_cron.
UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now();
