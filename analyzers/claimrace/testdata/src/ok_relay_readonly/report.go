// A report over the outbox: it reads the oldest unpublished events and
// never marks them.
package ok_relay_readonly

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Printer interface {
	Print(id int64, topic string) error
}

func Backlog(ctx context.Context, pool *pgxpool.Pool, p Printer) error {
	rows, err := pool.Query(ctx, `SELECT id, topic FROM outbox WHERE published_at IS NULL ORDER BY created_at LIMIT 100`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var topic string
		if err := rows.Scan(&id, &topic); err != nil {
			return err
		}
		if err := p.Print(id, topic); err != nil {
			return err
		}
	}
	return rows.Err()
}
