-- name: claim-job
-- One statement: the row is locked and taken at once.
UPDATE jobs SET state = 'running'
  WHERE id = (
    SELECT id FROM jobs WHERE state = 'queued'
    ORDER BY run_at LIMIT 1
    FOR UPDATE SKIP LOCKED)
  RETURNING id;
