Lines before the first name are not read.
-- name: next-job
SELECT id FROM jobs
  -- the oldest first
  WHERE state = 'queued' ORDER BY run_at LIMIT 1;

-- name: take-job
UPDATE jobs SET state = 'running' WHERE id = $1;

-- name: templated
SELECT id FROM {{.Table}};
