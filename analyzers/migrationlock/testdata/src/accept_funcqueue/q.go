// A queue whose claim is a SQL function of the migrations, altered with a
// lock_timeout set first.
package accept_funcqueue

import (
	"context"
	"database/sql"
)

func Dequeue(ctx context.Context, db *sql.DB, queues []string) (id int64, err error) {
	err = db.QueryRowContext(ctx, `SELECT id FROM dequeue($1)`, queues).Scan(&id)
	return id, err
}
