// No deadline on the job: the claim records the instance that took it, and
// a collector that finds an instance dead (its heartbeat read and judged
// in Go) takes that instance's rows over, keyed on the instance column
// compared with the dead instance's id, not its own.
package ok_workertakeover

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	stateQueued  = "queued"
	stateRunning = "running"
	stateCrashed = "crashed"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, me int64) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET instance_id = $1, state = $2
		WHERE id IN (SELECT id FROM jobs WHERE state = $3 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, me, stateRunning, stateQueued).Scan(&id)
	return id, err
}

type instance struct {
	ID       int64
	LastSeen time.Time
}

func (i instance) dead() bool { return time.Since(i.LastSeen) > time.Minute }

func TakeOver(ctx context.Context, pool *pgxpool.Pool, me int64, instances []instance) error {
	for _, i := range instances {
		if !i.dead() {
			continue
		}
		var id int64
		err := pool.QueryRow(ctx, `UPDATE jobs SET instance_id = $1, state = $2
			WHERE id IN (SELECT id FROM jobs
				WHERE (instance_id = $3 AND state IN ($2, $4)) OR (instance_id = $1 AND state = $2)
				LIMIT 1 FOR UPDATE SKIP LOCKED)
			RETURNING id`, me, stateCrashed, i.ID, stateRunning).Scan(&id)
		if err != nil {
			return err
		}
	}
	return nil
}
