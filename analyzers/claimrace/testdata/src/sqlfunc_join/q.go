// A claim kept in a SQL function that picks its job without locking it,
// called in a READ COMMITTED transaction: two workers take the same job.
package sqlfunc_join

import (
	"context"
	"database/sql"
)

func Dequeue(ctx context.Context, db *sql.DB, queues []string) (id int64, err error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, `SELECT id FROM dequeue($1)`, queues).Scan(&id); err != nil {
		return 0, err
	}
	return id, tx.Commit()
}

// DequeueAgain runs the same claim from a second call: one finding, at the
// function's body.
func DequeueAgain(ctx context.Context, db *sql.DB, queues []string) (id int64, err error) {
	err = db.QueryRowContext(ctx, `SELECT id FROM dequeue($1)`, queues).Scan(&id)
	return id, err
}
