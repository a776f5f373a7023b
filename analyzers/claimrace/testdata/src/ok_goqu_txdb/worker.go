// goqu's own executor on a goqu.TxDatabase: SELECT ... FOR UPDATE SKIP
// LOCKED, then the UPDATE, in the transaction the TxDatabase holds.
package ok_goqu_txdb

import (
	"database/sql"

	"github.com/doug-martin/goqu/v9"
	"github.com/doug-martin/goqu/v9/exp"
)

func Claim(db *sql.DB) (int64, error) {
	tx, err := goqu.New("postgres", db).Begin()
	if err != nil {
		return 0, err
	}
	var id int64
	found, err := tx.From("jobs").Select("id").Where(goqu.C("status").Eq("queued")).Order(goqu.C("id").Asc()).Limit(1).ForUpdate(exp.SkipLocked).ScanVal(&id)
	if err != nil || !found {
		tx.Rollback()
		return 0, err
	}
	if _, err := tx.Update("jobs").Set(goqu.Record{"status": "running"}).Where(goqu.C("id").Eq(id)).Executor().Exec(); err != nil {
		tx.Rollback()
		return 0, err
	}
	return id, tx.Commit()
}
