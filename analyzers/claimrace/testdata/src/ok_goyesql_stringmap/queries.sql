-- The queue's queries, loaded by goyesql.

-- name: claim-job
UPDATE jobs SET state = 'running'
  WHERE id = (SELECT id FROM jobs WHERE state = 'queued'
              ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING id;

-- name: finish-job
UPDATE jobs SET state = 'done' WHERE id = $1 AND state = 'running';
