// Each job carries the attempts it has left, and a failure spends one,
// but running out only logs: the state goes back to its zero value
// (queued) on every failure, and the count is compared with nothing that
// decides it.
package countdownnoend

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Phase int

const (
	Waiting Phase = iota
	Working
	Finished
)

type Job struct {
	ID        int64
	TriesLeft int
}

func take(ctx context.Context, pool *pgxpool.Pool) (*Job, error) {
	var j Job
	err := pool.QueryRow(ctx, `UPDATE jobs SET phase = $1 WHERE id = (
		SELECT id FROM jobs WHERE phase = $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, left_tries`, Working, Waiting).Scan(&j.ID, &j.TriesLeft)
	return &j, err
}

func settle(ctx context.Context, pool *pgxpool.Pool, j *Job, ok bool) error {
	var p Phase
	if ok {
		p = Finished
	} else {
		if j.TriesLeft <= 0 {
			log.Printf("job %d has no attempts left", j.ID)
		}
		j.TriesLeft--
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET phase = $2, left_tries = $3 WHERE id = $1`, j.ID, p, j.TriesLeft) // want `this retry puts the job back with no limit`
	return err
}
