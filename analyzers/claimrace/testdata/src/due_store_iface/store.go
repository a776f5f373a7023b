// The same split behind the store's interface, as a sqlc-style
// repository is used: the dispatcher sees only Store.
package due_store_iface

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Timer struct {
	ID       string
	Callback string
}

type Store interface {
	DueTimers(ctx context.Context, now time.Time) ([]Timer, error)
	DeleteTimer(ctx context.Context, id string) error
}

type pgStore struct{ pool *pgxpool.Pool }

func NewStore(pool *pgxpool.Pool) Store { return &pgStore{pool: pool} }

func (s *pgStore) DueTimers(ctx context.Context, now time.Time) ([]Timer, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, callback_url FROM timers WHERE fire_at <= $1`, now) // want `two schedulers run the same due job`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Timer
	for rows.Next() {
		var t Timer
		if err := rows.Scan(&t.ID, &t.Callback); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

func (s *pgStore) DeleteTimer(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM timers WHERE id = $1`, id)
	return err
}

type Caller interface {
	Post(ctx context.Context, url string) error
}

type Dispatcher struct {
	store  Store
	caller Caller
}

func NewDispatcher(pool *pgxpool.Pool, c Caller) *Dispatcher {
	return &Dispatcher{store: NewStore(pool), caller: c}
}

func (d *Dispatcher) Tick(ctx context.Context) error {
	timers, err := d.store.DueTimers(ctx, time.Now())
	if err != nil {
		return err
	}
	for _, t := range timers {
		if err := d.caller.Post(ctx, t.Callback); err != nil {
			continue
		}
		if err := d.store.DeleteTimer(ctx, t.ID); err != nil {
			return err
		}
	}
	return nil
}
