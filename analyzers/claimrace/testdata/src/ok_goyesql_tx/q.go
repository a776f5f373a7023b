// The lock and the update in one transaction, through goyesql statements
// bound to it with Stmtx.
package ok_goyesql_tx

import (
	"github.com/jmoiron/sqlx"
)

type Queries struct {
	LockNextJob *sqlx.Stmt `query:"lock-next-job"`
	TakeJob     *sqlx.Stmt `query:"take-job"`
}

func Take(db *sqlx.DB, q *Queries) (int64, error) {
	tx, err := db.Beginx()
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.Stmtx(q.LockNextJob).Get(&id); err != nil {
		return 0, err
	}
	if _, err := tx.Stmtx(q.TakeJob).Exec(id); err != nil {
		return 0, err
	}
	return id, tx.Commit()
}
