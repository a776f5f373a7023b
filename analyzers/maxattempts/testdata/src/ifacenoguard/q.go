// The consumer reaches the store through an interface whose value is one
// of two stores picked at run time; its helper that reschedules a job is
// called on every failure, and the count is compared only to log it: both
// stores' reschedules are retries with no limit.
package ifacenoguard

import (
	"context"
	"database/sql"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type backend interface {
	claim(ctx context.Context) (id int64, tries int, err error)
	reschedule(ctx context.Context, id int64) error
	bury(ctx context.Context, id int64) error
}

type pgBackend struct{ pool *pgxpool.Pool }

func (b *pgBackend) claim(ctx context.Context) (id int64, tries int, err error) {
	err = b.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', tries = tries + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, tries`).Scan(&id, &tries)
	return id, tries, err
}

func (b *pgBackend) reschedule(ctx context.Context, id int64) error {
	_, err := b.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = now() + interval '30 seconds' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	return err
}

func (b *pgBackend) bury(ctx context.Context, id int64) error {
	_, err := b.pool.Exec(ctx, `UPDATE jobs SET status = 'dead' WHERE id = $1`, id)
	return err
}

type sqlBackend struct{ db *sql.DB }

func (b *sqlBackend) claim(ctx context.Context) (id int64, tries int, err error) {
	err = b.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', tries = tries + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, tries`).Scan(&id, &tries)
	return id, tries, err
}

func (b *sqlBackend) reschedule(ctx context.Context, id int64) error {
	_, err := b.db.ExecContext(ctx, `UPDATE jobs SET status = 'queued', run_at = now() + interval '30 seconds' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	return err
}

func (b *sqlBackend) bury(ctx context.Context, id int64) error {
	_, err := b.db.ExecContext(ctx, `UPDATE jobs SET status = 'dead' WHERE id = $1`, id)
	return err
}

func pick(pool *pgxpool.Pool, db *sql.DB) backend {
	if pool != nil {
		return &pgBackend{pool: pool}
	}
	return &sqlBackend{db: db}
}

type consumer struct {
	store    backend
	maxTries int
	work     func(context.Context, int64) error
}

func (c *consumer) again(ctx context.Context, id int64) error {
	return c.store.reschedule(ctx, id)
}

func (c *consumer) step(ctx context.Context) error {
	id, tries, err := c.store.claim(ctx)
	if err != nil {
		return err
	}
	if err := c.work(ctx, id); err != nil {
		if tries > c.maxTries {
			log.Printf("job %d failed %d times", id, tries)
		}
		return c.again(ctx, id)
	}
	return nil
}
