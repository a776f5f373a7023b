// Claims kept in SQL functions that do not lock the row they pick, each
// called in a REPEATABLE READ or SERIALIZABLE transaction: a function's
// body runs in its caller's transaction, and of two workers that pick the
// same job the second UPDATE fails with SQLSTATE 40001.
package ok_sqlfunc_serializable

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var errSerialization = errors.New("40001")

// Dequeue retries after a serialization failure, as mergestat/sqlq does.
func Dequeue(ctx context.Context, db *sql.DB, queues []string) (id int64, err error) {
	var tx *sql.Tx
retry:
	if tx, err = db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable}); err != nil {
		return 0, err
	}
	if err = tx.QueryRowContext(ctx, `SELECT id FROM dequeue($1)`, queues).Scan(&id); err != nil {
		_ = tx.Rollback()
		if errors.Is(err, errSerialization) {
			goto retry
		}
		return 0, err
	}
	return id, tx.Commit()
}

func DequeuePgx(ctx context.Context, pool *pgxpool.Pool, queues []string) (id int64, err error) {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	if err := tx.QueryRow(ctx, `SELECT * FROM dequeue($1)`, queues).Scan(&id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}

func ClaimTwoSteps(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.Serializable}, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT claim_job()`).Scan(&id)
	})
	return id, err
}
