// The claim returns only an error, but files the jobs it took in the map
// its caller gives, and the caller runs them once the transaction
// committed: a worker killed mid-job leaves them 'running' for ever.
package txcommitfirst_map

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const claimSQL = `UPDATE jobs SET status = 'running' WHERE id IN (
	SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED) RETURNING id, payload`

func fill(ctx context.Context, pool *pgxpool.Pool, into map[int64][]byte) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, claimSQL) // want `this claim moves the job to 'running' and writes no lease deadline`
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		var payload []byte
		if err := rows.Scan(&id, &payload); err != nil {
			return err
		}
		into[id] = payload
	}
	return tx.Commit(ctx)
}

func Run(ctx context.Context, pool *pgxpool.Pool, run func([]byte) error) error {
	for {
		batch := map[int64][]byte{}
		if err := fill(ctx, pool, batch); err != nil {
			return err
		}
		for id, payload := range batch {
			if err := run(payload); err != nil {
				return err
			}
			if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
				return err
			}
		}
	}
}
