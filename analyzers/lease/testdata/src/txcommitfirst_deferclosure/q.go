// As txcommitfirst, with the rollback deferred in a closure that drops its
// error: the transaction still commits before the job runs.
package txcommitfirst_deferclosure

import (
	"database/sql"
	"errors"
)

const claimSQL = `UPDATE jobs SET status = 'running' WHERE id = (
	SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`

func claim(db *sql.DB) (int64, error) {
	tx, err := db.Begin()
	if err != nil {
		return 0, err
	}
	defer func() { _ = tx.Rollback() }()
	var id int64
	if err := tx.QueryRow(claimSQL).Scan(&id); err != nil { // want `this claim moves the job to 'running' and writes no lease deadline`
		return 0, err
	}
	if err := tx.Commit(); err != nil {
		return 0, err
	}
	return id, nil
}

func Work(db *sql.DB, run func(int64) error) error {
	for {
		id, err := claim(db)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return err
		}
		if err := run(id); err != nil {
			return err
		}
		if _, err := db.Exec(`UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
			return err
		}
	}
}
