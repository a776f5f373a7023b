// sqlx: *sqlx.DB embeds *sql.DB's pool.
package sqlxlock

import (
	"github.com/jmoiron/sqlx"
)

func TryLock(db *sqlx.DB, key int64) (bool, error) {
	var ok bool
	err := db.Get(&ok, "SELECT pg_try_advisory_lock_shared(?)", key) // want `pg_try_advisory_lock_shared runs on a pool \(\*sqlx.DB\)`
	return ok, err
}
