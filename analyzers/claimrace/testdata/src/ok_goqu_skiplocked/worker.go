// goqu: the claim is one UPDATE whose subquery locks the row it takes
// with FOR UPDATE SKIP LOCKED.
package ok_goqu_skiplocked

import (
	"context"
	"database/sql"

	"github.com/doug-martin/goqu/v9"
	"github.com/doug-martin/goqu/v9/exp"
)

var pg = goqu.Dialect("postgres")

func Claim(ctx context.Context, db *sql.DB) (int64, error) {
	next := pg.From("jobs").Select("id").Where(goqu.C("status").Eq("queued")).Order(goqu.C("run_at").Asc()).Limit(1).ForUpdate(exp.SkipLocked)
	claim, _, err := pg.Update("jobs").Set(goqu.Record{"status": "running"}).Where(goqu.C("id").In(next)).Returning("id").ToSQL()
	if err != nil {
		return 0, err
	}
	var id int64
	err = db.QueryRowContext(ctx, claim).Scan(&id)
	return id, err
}
