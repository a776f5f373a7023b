package cte_unlocked

import "database/sql"

const claim = `
WITH next AS (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 5)
UPDATE jobs SET status = 'running' FROM next WHERE jobs.id = next.id
RETURNING jobs.id`

func Claim(db *sql.DB) (*sql.Rows, error) {
	return db.Query(claim) // want `the subquery picks the next job without locking it`
}
