-- name: dup
SELECT 3;

-- name: same
SELECT 2;
