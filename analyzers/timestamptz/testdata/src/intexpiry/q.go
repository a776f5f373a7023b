// A queue whose states are integers bound from Go constants: the reaper
// compares updated with a deadline computed in Go, and a sweep expires
// open tasks whose expires_at passed. Both decide by the clock; created is
// never compared.
package intexpiry

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Status int16

const (
	New        Status = 0
	Processing Status = 2
	Lost       Status = 97
	Expired    Status = 98
	Success    Status = 100
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, kind int16, ttl time.Duration) error {
	_, err := pool.Exec(ctx, `INSERT INTO tasks (kind, expires_at) VALUES ($1, $2)`, kind, time.Now().Add(ttl))
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool, kind int16) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE tasks SET status = $2, updated = now()
		WHERE id = (SELECT id FROM tasks WHERE kind = $1 AND status < 2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, kind, Processing).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE tasks SET status = $2 WHERE id = $1 AND status = $3`, id, Success, Processing)
	return err
}

func RepairLost(ctx context.Context, pool *pgxpool.Pool, kind int16, loss time.Duration) error {
	_, err := pool.Exec(ctx, `UPDATE tasks SET status = CASE WHEN attempts_left > 0 THEN $4::smallint ELSE $5::smallint END
		WHERE kind = $1 AND status = $2 AND updated <= $3`, kind, Processing, time.Now().Add(-loss), New, Lost)
	return err
}

func CloseExpired(ctx context.Context, pool *pgxpool.Pool, kind int16) error {
	_, err := pool.Exec(ctx, `UPDATE tasks SET status = $2 WHERE kind = $1 AND status < 50 AND expires_at <= $3`, kind, Expired, time.Now())
	return err
}
