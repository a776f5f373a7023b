-- The queue's queries, loaded by goyesql.

-- name: next-job
-- The oldest queued job.
SELECT id FROM jobs
  WHERE state = 'queued'
  ORDER BY run_at LIMIT 1;

-- name: take-job
UPDATE jobs SET state = 'running' WHERE id = $1;
