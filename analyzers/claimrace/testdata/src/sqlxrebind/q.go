// sqlx with ? parameters: an unlocked SELECT, then an UPDATE by id, on a
// *sqlx.DB where each statement commits on its own.
package sqlxrebind

import (
	"github.com/jmoiron/sqlx"
)

func Claim(db *sqlx.DB) (int64, error) {
	var id int64
	if err := db.Get(&id, db.Rebind(`SELECT id FROM jobs WHERE status = ? ORDER BY id LIMIT 1`), "queued"); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	_, err := db.Exec(db.Rebind(`UPDATE jobs SET status = ? WHERE id = ?`), "running", id)
	return id, err
}
