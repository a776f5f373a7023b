// The same on *sql.DB, with FOR NO KEY UPDATE.
package dblock

import "database/sql"

func Claim(db *sql.DB) (id int64, err error) {
	err = db.QueryRow(`SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED`).Scan(&id) // want `FOR NO KEY UPDATE on a pool releases its row lock`
	if err != nil {
		return 0, err
	}
	_, err = db.Exec(`UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
