// A queue library: Create makes a queue's table under the name its caller
// chooses, Open returns a queue whose table exists, and a queue's methods
// run on the table either gave it. The table Create's DDL makes is the
// one Receive polls, and no index serves the poll.
package opened

import (
	"context"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Engine struct{ pool *pgxpool.Pool }

type Queue struct {
	pool  *pgxpool.Pool
	table string
}

func (e *Engine) Create(ctx context.Context, name string) (*Queue, error) {
	// want +1 `no index gives the poll on {opened.Queue.table} \(WHERE visible_at < now\(\) ORDER BY priority, id\) its order`
	_, err := e.pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s (
		id bigserial PRIMARY KEY,
		payload bytea,
		priority int NOT NULL DEFAULT 0,
		visible_at timestamptz NOT NULL DEFAULT now()
	)`, name))
	return &Queue{pool: e.pool, table: name}, err
}

func (e *Engine) Open(ctx context.Context, name string) (*Queue, error) {
	var exists bool
	if err := e.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM information_schema.tables WHERE table_name = $1)`, name).Scan(&exists); err != nil {
		return nil, err
	}
	if !exists {
		return nil, fmt.Errorf("queue %s not found", name)
	}
	return &Queue{pool: e.pool, table: name}, nil
}

// Receive takes up to max messages, or all visible ones when max is 0.
func (q *Queue) Receive(ctx context.Context, max int) ([]int64, error) {
	limit := "ALL"
	if max > 0 {
		limit = strconv.Itoa(max)
	}
	rows, err := q.pool.Query(ctx, fmt.Sprintf(`UPDATE %[1]s SET visible_at = now() + interval '30 seconds'
		WHERE id IN (
			SELECT id FROM %[1]s WHERE visible_at < now()
			ORDER BY priority DESC, id
			LIMIT %[2]s
			FOR UPDATE SKIP LOCKED)
		RETURNING id`, q.table, limit))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func (q *Queue) Delete(ctx context.Context, id int64) error {
	_, err := q.pool.Exec(ctx, fmt.Sprintf(`DELETE FROM %s WHERE id = $1`, q.table), id)
	return err
}
