-- name: next-send
SELECT id FROM campaigns WHERE AND status = 'running';
