// sqlc's shape: the rescue's halves run on what the caller gives them.
package ok_rescuestore

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

func New(db DBTX) *Queries { return &Queries{db: db} }

func (q *Queries) Claim(ctx context.Context) (id int64, err error) {
	err = q.db.QueryRow(ctx, `UPDATE jobs SET status = 'processing', updated_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (q *Queries) Complete(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func (q *Queries) LockStuckJob(ctx context.Context) (id int64, err error) {
	err = q.db.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'processing' AND updated_at < now() - interval '1 minute'
		LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	return id, err
}

func (q *Queries) ResetJob(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1`, id)
	return err
}
