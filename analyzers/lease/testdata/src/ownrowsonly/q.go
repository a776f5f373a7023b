// The claim records the instance that took it, and the only other statement
// keyed on the instance takes back the caller's own rows (instance_id
// compared with the id it writes): an instance that dies and never comes
// back under its id leaves its jobs running.
package ownrowsonly

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	stateQueued  = "queued"
	stateRunning = "running"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, me int64) (id int64, err error) {
	// want +1 `this claim moves the job to 'running' and writes no lease deadline`
	err = pool.QueryRow(ctx, `UPDATE jobs SET instance_id = $1, state = $2
		WHERE id IN (SELECT id FROM jobs WHERE state = $3 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, me, stateRunning, stateQueued).Scan(&id)
	return id, err
}

func Resume(ctx context.Context, pool *pgxpool.Pool, me int64) (id int64, err error) {
	// want +1 `this claim moves the job to 'running' and writes no lease deadline`
	err = pool.QueryRow(ctx, `UPDATE jobs SET instance_id = $1, state = $2
		WHERE id IN (SELECT id FROM jobs WHERE instance_id = $1 AND state = $2 LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, me, stateRunning).Scan(&id)
	return id, err
}
