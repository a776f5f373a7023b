// squirrel's runner on a *sql.DB: FOR UPDATE SKIP LOCKED in autocommit,
// then a separate UPDATE; the lock is gone when the SELECT returns.
package sq_pool_lock

import (
	"database/sql"

	sq "github.com/Masterminds/squirrel"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

func Claim(db *sql.DB) (int64, error) {
	var id int64
	q := psql.Select("id").From("jobs").Where(sq.Eq{"status": "queued"}).OrderBy("run_at").Limit(1).Suffix("FOR UPDATE SKIP LOCKED")
	if err := q.RunWith(db).QueryRow().Scan(&id); err != nil { // want `FOR UPDATE on a pool releases its row lock`
		return 0, err
	}
	_, err := psql.Update("jobs").Set("status", "running").Where(sq.Eq{"id": id}).RunWith(db).Exec()
	return id, err
}
