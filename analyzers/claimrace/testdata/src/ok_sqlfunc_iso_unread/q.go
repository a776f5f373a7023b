// The isolation level of the transaction that calls the claim's function
// comes from the caller: it may be SERIALIZABLE, so the tool does not say
// the claim races.
package ok_sqlfunc_iso_unread

import (
	"context"
	"database/sql"
)

func Dequeue(ctx context.Context, db *sql.DB, opts *sql.TxOptions, queues []string) (id int64, err error) {
	tx, err := db.BeginTx(ctx, opts)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, `SELECT id FROM dequeue($1)`, queues).Scan(&id); err != nil {
		return 0, err
	}
	return id, tx.Commit()
}
