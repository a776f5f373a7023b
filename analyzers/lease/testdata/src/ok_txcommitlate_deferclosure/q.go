// The job runs inside the claim's transaction, which a closure rolls back
// if the worker returns early: a killed worker's claim is rolled back.
package ok_txcommitlate_deferclosure

import "database/sql"

const claimSQL = `UPDATE jobs SET status = 'running' WHERE id = (
	SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`

func WorkOne(db *sql.DB, run func(*sql.Tx, int64) error) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	var id int64
	if err := tx.QueryRow(claimSQL).Scan(&id); err != nil {
		return err
	}
	if err := run(tx, id); err != nil {
		return err
	}
	if _, err := tx.Exec(`UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}
