// goqu: SELECT ... FOR UPDATE SKIP LOCKED, then the UPDATE, in one
// transaction.
package ok_goqu_tx

import (
	"context"
	"database/sql"

	"github.com/doug-martin/goqu/v9"
	"github.com/doug-martin/goqu/v9/exp"
)

var pg = goqu.Dialect("postgres")

func Claim(ctx context.Context, db *sql.DB) (int64, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	poll, _, err := pg.From("jobs").Select("id").Where(goqu.C("status").Eq("queued")).Order(goqu.C("run_at").Asc()).Limit(1).ForUpdate(exp.SkipLocked).Prepared(true).ToSQL()
	if err != nil {
		return 0, err
	}
	var id int64
	if err := tx.QueryRowContext(ctx, poll, "queued", 1).Scan(&id); err != nil {
		return 0, err
	}
	take, args, err := pg.Update("jobs").Set(goqu.Record{"status": "running"}).Where(goqu.C("id").Eq(id)).Prepared(true).ToSQL()
	if err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, take, args...); err != nil {
		return 0, err
	}
	return id, tx.Commit()
}
