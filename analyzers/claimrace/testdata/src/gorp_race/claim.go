// A claim through gorp's raw-SQL methods: SelectOne reads the next queued
// task with no lock, then Exec marks it running by its key, each statement
// its own transaction on the DbMap's pool. Two workers read the same task.
package gorp_race

import (
	"github.com/go-gorp/gorp/v3"
)

type Task struct {
	ID    int64  `db:"id"`
	State string `db:"state"`
}

func Claim(dbm *gorp.DbMap) (*Task, error) {
	var t Task
	if err := dbm.SelectOne(&t, `SELECT id, state FROM tasks WHERE state = 'queued' ORDER BY id LIMIT 1`); err != nil { // want `two workers can claim the same job`
		return nil, err
	}
	if _, err := dbm.Exec(`UPDATE tasks SET state = 'running' WHERE id = $1`, t.ID); err != nil {
		return nil, err
	}
	return &t, nil
}
