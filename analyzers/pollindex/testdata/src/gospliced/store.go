// The store names its table at run time and splices the poll's deadline
// into the text: the finding shows both as the Go values that give them,
// never as the tool's internal names for them.
package gospliced

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Queue struct {
	pool  *pgxpool.Pool
	table string
}

func Create(ctx context.Context, pool *pgxpool.Pool, table string) (*Queue, error) {
	// want +1 `no index gives the poll on {gospliced.Queue.table} \(WHERE visible_after < {now} ORDER BY priority, id\) its order\n.*: CREATE INDEX CONCURRENTLY {gospliced.Queue.table}_poll_idx ON {gospliced.Queue.table} \(priority DESC, id\)$`
	_, err := pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s (
		id bigserial PRIMARY KEY,
		payload bytea,
		priority integer NOT NULL DEFAULT 0,
		visible_after bigint NOT NULL DEFAULT 0
	)`, table))
	return &Queue{pool: pool, table: table}, err
}

func (q *Queue) Receive(ctx context.Context, lease time.Duration) ([]byte, error) {
	now := time.Now().Unix()
	var payload []byte
	err := q.pool.QueryRow(ctx, fmt.Sprintf(`DELETE FROM %s WHERE id = (
		SELECT id FROM %s WHERE visible_after < %d ORDER BY priority DESC, id
		LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING payload`, q.table, q.table, now)).Scan(&payload)
	return payload, err
}
