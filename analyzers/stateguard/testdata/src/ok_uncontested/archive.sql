-- Run nightly: archives finished jobs, never touches claimed ones.
UPDATE jobs SET status = 'archived' WHERE status = 'done' AND run_at < now() - interval '30 days';
