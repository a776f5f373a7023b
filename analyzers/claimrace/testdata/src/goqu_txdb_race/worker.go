// goqu's own executor on the goqu.TxDatabase a Database's Begin returns:
// an unlocked SELECT, then an UPDATE by id that does not re-check the
// status, in one READ COMMITTED transaction. Two workers read the same
// row, and both UPDATEs succeed.
package goqu_txdb_race

import (
	"database/sql"

	"github.com/doug-martin/goqu/v9"
)

func Claim(db *sql.DB) (int64, error) {
	tx, err := goqu.New("postgres", db).Begin()
	if err != nil {
		return 0, err
	}
	var id int64
	found, err := tx.From("jobs").Select("id").Where(goqu.C("status").Eq("queued")).Order(goqu.C("id").Asc()).Limit(1).ScanVal(&id) // want `two workers can claim the same job`
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
