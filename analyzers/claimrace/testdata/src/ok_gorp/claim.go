// Claims through gorp only one worker wins: one UPDATE over a subquery that
// skips locked rows, run by SelectOne on the SqlExecutor interface, and a
// locked SELECT then UPDATE in a transaction begun on the DbMap.
package ok_gorp

import (
	"github.com/go-gorp/gorp/v3"
)

type Task struct {
	ID    int64  `db:"id"`
	State string `db:"state"`
}

func ClaimOne(ex gorp.SqlExecutor, worker int64) (*Task, error) {
	var t Task
	err := ex.SelectOne(&t, `UPDATE tasks SET state = 'running', worker = $1
		WHERE id IN (SELECT id FROM tasks WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, state`, worker)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func ClaimInTx(dbm *gorp.DbMap) (*Task, error) {
	tx, err := dbm.Begin()
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var t Task
	if err := tx.SelectOne(&t, `SELECT id, state FROM tasks WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(`UPDATE tasks SET state = 'running' WHERE id = $1`, t.ID); err != nil {
		return nil, err
	}
	return &t, tx.Commit()
}

func Pending(ex gorp.SqlExecutor) (int64, error) {
	return ex.SelectInt(`SELECT count(*) FROM tasks WHERE state = 'queued'`)
}
