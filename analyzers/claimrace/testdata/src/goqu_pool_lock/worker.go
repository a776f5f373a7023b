// goqu's own executor on a goqu.Database, which wraps a *sql.DB: the
// FOR UPDATE SKIP LOCKED lock ends with the SELECT's own transaction,
// before the UPDATE runs.
package goqu_pool_lock

import (
	"database/sql"

	"github.com/doug-martin/goqu/v9"
	"github.com/doug-martin/goqu/v9/exp"
)

func Claim(db *sql.DB) (int64, error) {
	gdb := goqu.New("postgres", db)
	var id int64
	found, err := gdb.From("jobs").Select("id").Where(goqu.C("status").Eq("queued")).Order(goqu.C("id").Asc()).Limit(1).ForUpdate(exp.SkipLocked).ScanVal(&id) // want `FOR UPDATE on a pool releases its row lock`
	if err != nil || !found {
		return 0, err
	}
	_, err = gdb.Update("jobs").Set(goqu.Record{"status": "running"}).Where(goqu.C("id").Eq(id)).Executor().Exec()
	return id, err
}
