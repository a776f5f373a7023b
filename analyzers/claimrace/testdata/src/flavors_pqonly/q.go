// The same SQLite-style text in a module whose only driver is lib/pq: no
// other database can run it, so it is read as PostgreSQL's, ? numbered, and
// its unlocked claim reported.
package flavors_pqonly

import (
	"context"
	"database/sql"
	"time"
)

func Receive(ctx context.Context, tx *sql.Tx) (int64, error) {
	var id int64
	now := time.Now()
	// want +3 `^the subquery picks the next job without locking it`
	err := tx.QueryRowContext(ctx, `
		UPDATE jobs SET timeout = ?, received = received + 1
		WHERE id = (SELECT id FROM jobs WHERE queue = ? AND ? >= timeout AND received < ? ORDER BY created LIMIT 1)
		RETURNING id`, now.Add(time.Minute), "q", now, 3).Scan(&id)
	return id, err
}

func Delete(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}
