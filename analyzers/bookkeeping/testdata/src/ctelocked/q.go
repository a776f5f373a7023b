// Outcome writes that lock the job's row in a WITH query by key and
// update it through a join with that query (as sqlc users write them):
// each records the job's outcome, and returning its error ends the loop.
package ctelocked

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	claimSQL = `WITH next AS (SELECT id FROM work WHERE state = 'ready' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		UPDATE work SET state = 'busy' FROM next WHERE work.id = next.id RETURNING work.id`
	doneSQL = `WITH held AS (SELECT id FROM work WHERE id = $1 FOR UPDATE)
		UPDATE work SET state = 'done' FROM held WHERE work.id = held.id AND work.state = 'busy'`
	againSQL = `WITH held AS (SELECT id FROM work WHERE id = $1 FOR UPDATE)
		UPDATE work SET state = 'ready', tries = work.tries + 1 FROM held WHERE work.id = held.id AND work.state = 'busy'`
)

func handle(ctx context.Context, id int64) error { return nil }

func Run(ctx context.Context, pool *pgxpool.Pool) error {
	for {
		var id int64
		if err := pool.QueryRow(ctx, claimSQL).Scan(&id); err != nil {
			time.Sleep(time.Second)
			continue
		}
		if handle(ctx, id) != nil {
			if _, err := pool.Exec(ctx, againSQL, id); err != nil { // want `a failed bookkeeping write stops the worker`
				return err
			}
			continue
		}
		if _, err := pool.Exec(ctx, doneSQL, id); err != nil { // want `a failed bookkeeping write stops the worker`
			return err
		}
	}
}
