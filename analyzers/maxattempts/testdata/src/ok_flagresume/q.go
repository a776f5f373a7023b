// A table of recurring schedules: the scheduler takes the due ones that
// are not paused and moves their next run on; no run changes the paused
// flag. Resuming a schedule sets the flag back to false: an operator's
// switch, not a failed job put back.
package ok_flagresume

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Scheduler struct{ pool *pgxpool.Pool }

func (s *Scheduler) Due(ctx context.Context, every time.Duration) (name string, err error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return "", err
	}
	defer tx.Rollback(ctx)
	err = tx.QueryRow(ctx, `SELECT name FROM timers WHERE paused = false AND fire_at <= now()
		ORDER BY fire_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&name)
	if err != nil {
		return "", err
	}
	if _, err := tx.Exec(ctx, `UPDATE timers SET fire_at = now() + $2::interval WHERE name = $1`, name, every.String()); err != nil {
		return "", err
	}
	return name, tx.Commit(ctx)
}

func (s *Scheduler) pause(ctx context.Context, name string) error {
	_, err := s.pool.Exec(ctx, `UPDATE timers SET paused = true WHERE name = $1`, name)
	return err
}

func (s *Scheduler) resume(ctx context.Context, name string) error {
	_, err := s.pool.Exec(ctx, `UPDATE timers SET paused = false WHERE name = $1`, name)
	return err
}

// Switch is behind the schedules page's toggle.
func (s *Scheduler) Switch(ctx context.Context, name string, on bool) error {
	if on {
		return s.resume(ctx, name)
	}
	return s.pause(ctx, name)
}
