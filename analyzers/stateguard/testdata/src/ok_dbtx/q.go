// sqlc's shape: the queries run on an interface that may be a pool or a
// transaction whose caller locked the row first.
package ok_dbtx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

type Queries struct{ db DBTX }

func (q *Queries) Claim(ctx context.Context) (id int64, err error) {
	err = q.db.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (q *Queries) Complete(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (q *Queries) Reclaim(ctx context.Context) error {
	_, err := q.db.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
