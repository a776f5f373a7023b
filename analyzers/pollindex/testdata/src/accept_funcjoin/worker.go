// A queue whose poll is in a SQL function, joined with the queues that
// have room, served by a partial index on its order column.
package accept_funcjoin

import (
	"context"
	"database/sql"
)

func Dequeue(ctx context.Context, db *sql.DB, queues []string) (id int64, err error) {
	err = db.QueryRowContext(ctx, `SELECT id FROM dequeue($1)`, queues).Scan(&id)
	return id, err
}
