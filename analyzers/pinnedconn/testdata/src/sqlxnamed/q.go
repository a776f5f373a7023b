// sqlx's named parameters: the session-level lock is taken on the pool,
// written with :key.
package sqlxnamed

import (
	"github.com/jmoiron/sqlx"
)

type leaderKey struct {
	Key int64 `db:"key"`
}

func Lead(db *sqlx.DB, key int64) error {
	_, err := db.NamedExec(`SELECT pg_advisory_lock(:key)`, leaderKey{Key: key}) // want `pg_advisory_lock runs on a pool \(\*sqlx.DB\)`
	return err
}
