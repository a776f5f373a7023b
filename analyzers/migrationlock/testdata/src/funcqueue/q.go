// A queue whose claim is a SQL function of the migrations: DDL on its
// table is judged as on any queue table.
package funcqueue

import (
	"context"
	"database/sql"
)

func Dequeue(ctx context.Context, db *sql.DB, queues []string) (id int64, err error) {
	err = db.QueryRowContext(ctx, `SELECT id FROM dequeue($1)`, queues).Scan(&id)
	return id, err
}
