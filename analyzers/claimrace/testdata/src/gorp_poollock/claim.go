// A locked read through gorp on the DbMap itself, not on a Transaction:
// each statement is its own transaction, so the row lock is gone before
// the UPDATE marks the task.
package gorp_poollock

import (
	"github.com/go-gorp/gorp/v3"
)

type Task struct {
	ID    int64  `db:"id"`
	State string `db:"state"`
}

func Claim(dbm *gorp.DbMap) (*Task, error) {
	var t Task
	if err := dbm.SelectOne(&t, `SELECT id, state FROM tasks WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`); err != nil { // want `FOR UPDATE on a pool releases its row lock as soon as the SELECT returns`
		return nil, err
	}
	if _, err := dbm.Exec(`UPDATE tasks SET state = 'running' WHERE id = $1`, t.ID); err != nil {
		return nil, err
	}
	return &t, nil
}
