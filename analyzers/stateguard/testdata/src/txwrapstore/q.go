// A wrapper over the transaction its caller begins: its writes run on the
// *sql.Tx it holds.
package txwrapstore

import (
	"context"
	"database/sql"
)

type Tx struct{ *sql.Tx }

func Wrap(tx *sql.Tx) *Tx { return &Tx{Tx: tx} }

func (t *Tx) Complete(ctx context.Context, id int64) error { // want Complete:`updates on the caller's transaction at \[q.go:15\]`
	_, err := t.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func Claim(ctx context.Context, db *sql.DB) (id int64, err error) {
	err = db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Reclaim(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
