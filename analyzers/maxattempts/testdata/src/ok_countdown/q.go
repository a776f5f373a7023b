// Each job carries the attempts it has left. A failure spends one and
// leaves the state at its zero value (queued), or, once none are left,
// records the terminal state: the countdown is the limit.
package ok_countdown

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Phase int

const (
	Waiting Phase = iota
	Working
	Finished
	GaveUp
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
	switch {
	case ok:
		p = Finished
	case j.TriesLeft <= 0:
		p = GaveUp
	default:
		j.TriesLeft--
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET phase = $2, left_tries = $3 WHERE id = $1`, j.ID, p, j.TriesLeft)
	return err
}
