-- name: ReclaimExpired :exec
UPDATE tasks SET state = 'ready', lease_expires_at = NULL
WHERE state = 'taken' AND now() > lease_expires_at;
