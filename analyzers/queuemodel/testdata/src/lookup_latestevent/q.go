// Deadline events of a ticket: when an agent answers, the request marks
// the ticket's newest open event of that kind satisfied. The inner SELECT
// is bound to the ticket the request is about and takes its newest row
// (ORDER BY created_at DESC LIMIT 1): a lookup, not a poll, and the
// table no queue.
package lookup_latestevent

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Open(ctx context.Context, pool *pgxpool.Pool, ticket int64, kind string, due time.Time) error {
	_, err := pool.Exec(ctx, `INSERT INTO deadline_events (ticket_id, kind, due_at) VALUES ($1, $2, $3)`, ticket, kind, due)
	return err
}

func Satisfy(ctx context.Context, pool *pgxpool.Pool, ticket int64, kind string) (time.Time, error) {
	var at time.Time
	err := pool.QueryRow(ctx, `UPDATE deadline_events SET satisfied_at = now()
		WHERE id = (SELECT id FROM deadline_events WHERE ticket_id = $1 AND kind = $2 AND satisfied_at IS NULL ORDER BY created_at DESC LIMIT 1)
		RETURNING satisfied_at`, ticket, kind).Scan(&at)
	return at, err
}

// The newest event by id reads the same way.
func SatisfyNewestByID(ctx context.Context, pool *pgxpool.Pool, ticket int64) error {
	_, err := pool.Exec(ctx, `UPDATE deadline_events SET satisfied_at = now()
		WHERE id = (SELECT id FROM deadline_events WHERE ticket_id = $1 AND satisfied_at IS NULL ORDER BY id DESC LIMIT 1)`, ticket)
	return err
}
