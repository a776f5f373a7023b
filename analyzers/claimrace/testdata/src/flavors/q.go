// A queue library that runs on PostgreSQL and on SQLite, one text per
// database: the module registers both drivers (cmd/worker). The SQLite
// text, with ? parameters, run by database/sql, cannot be PostgreSQL's
// (lib/pq and pgx's stdlib take $1, $2...), and SQLite has one writer at a
// time. The PostgreSQL text takes the job without a lock and is reported.
package flavors

import (
	"context"
	"database/sql"
	"time"

	"github.com/jmoiron/sqlx"
)

type Flavor int

const (
	FlavorSQLite Flavor = iota
	FlavorPostgres
)

type Queue struct {
	db     *sql.DB
	flavor Flavor
}

func (q *Queue) Receive(ctx context.Context, tx *sql.Tx) (int64, error) {
	var id int64
	now := time.Now()
	switch q.flavor {
	case FlavorSQLite:
		err := tx.QueryRowContext(ctx, `
			UPDATE jobs SET timeout = ?, received = received + 1
			WHERE id = (SELECT id FROM jobs WHERE queue = ? AND ? >= timeout AND received < ? ORDER BY created LIMIT 1)
			RETURNING id`, now.Add(time.Minute), "q", now, 3).Scan(&id)
		return id, err
	default:
		// want +3 `^the subquery picks the next job without locking it`
		err := tx.QueryRowContext(ctx, `
			UPDATE jobs SET timeout = $1, received = received + 1
			WHERE id = (SELECT id FROM jobs WHERE queue = $2 AND $3 >= timeout AND received < $4 ORDER BY created LIMIT 1)
			RETURNING id`, now.Add(time.Minute), "q", now, 3).Scan(&id)
		return id, err
	}
}

func (q *Queue) Delete(ctx context.Context, id int64) error {
	query := `DELETE FROM jobs WHERE id = $1`
	if q.flavor == FlavorSQLite {
		query = `DELETE FROM jobs WHERE id = ?`
	}
	_, err := q.db.ExecContext(ctx, query, id)
	return err
}

// A claim through sqlx in the same module: its ? parameters are for Rebind,
// which numbers them for PostgreSQL; read, and reported.
func ReceiveRebound(ctx context.Context, db *sqlx.DB) (int64, error) {
	var id int64
	now := time.Now()
	// want +1 `^the subquery picks the next job without locking it`
	err := db.QueryRowContext(ctx, db.Rebind(`
		UPDATE jobs SET timeout = ?, received = received + 1
		WHERE id = (SELECT id FROM jobs WHERE queue = ? AND ? >= timeout AND received < ? ORDER BY created LIMIT 1)
		RETURNING id`), now.Add(time.Minute), "q", now, 3).Scan(&id)
	return id, err
}
