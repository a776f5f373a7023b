// A gorp Transaction does not serialise a read that takes no lock: two
// workers' transactions read the same queued task under READ COMMITTED,
// and both mark it running.
package gorp_tx_unlocked

import (
	"github.com/go-gorp/gorp/v3"
)

type Task struct {
	ID    int64  `db:"id"`
	State string `db:"state"`
}

func Claim(dbm *gorp.DbMap) (*Task, error) {
	tx, err := dbm.Begin()
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var t Task
	if err := tx.SelectOne(&t, `SELECT id, state FROM tasks WHERE state = 'queued' ORDER BY id LIMIT 1`); err != nil { // want `two workers can claim the same job`
		return nil, err
	}
	if _, err := tx.Exec(`UPDATE tasks SET state = 'running' WHERE id = $1`, t.ID); err != nil {
		return nil, err
	}
	return &t, tx.Commit()
}
