// fifopop with created_at a timestamptz, and the pop skipping locked rows.
package accept_fifopop_tz

import (
	"context"
	"database/sql"
	"time"
)

type Queue struct{ db *sql.DB }

func (q *Queue) Push(ctx context.Context, user int) error {
	_, err := q.db.ExecContext(ctx, `INSERT INTO waiting_list (user_id, created_at) VALUES ($1, $2)`, user, time.Now())
	return err
}

func (q *Queue) Peek(ctx context.Context) (int, error) {
	var user int
	err := q.db.QueryRowContext(ctx, `SELECT user_id FROM waiting_list ORDER BY created_at LIMIT 1`).Scan(&user)
	return user, err
}

func (q *Queue) Pop(ctx context.Context) (int, error) {
	var user int
	err := q.db.QueryRowContext(ctx, `WITH head AS (SELECT id FROM waiting_list ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		DELETE FROM waiting_list WHERE id IN (SELECT id FROM head) RETURNING user_id`).Scan(&user)
	return user, err
}
