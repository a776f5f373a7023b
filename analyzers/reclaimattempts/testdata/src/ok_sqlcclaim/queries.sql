-- The workers' claim, a sqlc query their own binary runs: it spends the
-- attempt and takes only jobs under the limit.

-- name: ClaimJob :one
UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND attempts < max_attempts ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING id;
