// A claim with no deadline made in a gorp Transaction that is committed
// only after the work: a worker killed mid-job rolls the claim back.
package ok_gorptx

import (
	"github.com/go-gorp/gorp/v3"
)

func RunOne(dbm *gorp.DbMap, work func(id int64) error) error {
	tx, err := dbm.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	id, err := tx.SelectInt(`UPDATE tasks SET state = 'running'
		WHERE id = (SELECT id FROM tasks WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`)
	if err != nil {
		return err
	}
	if err := work(id); err != nil {
		return err
	}
	if _, err := tx.Exec(`UPDATE tasks SET state = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}
