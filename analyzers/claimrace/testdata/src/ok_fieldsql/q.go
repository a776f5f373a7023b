// A locked claim with its SQL in struct fields: the lock clause is chosen
// by an option, and either clause locks the row inside the transaction
// that also takes it.
package ok_fieldsql

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct {
	pool       *pgxpool.Pool
	poll, take string
}

func NewStore(pool *pgxpool.Pool, wait bool) *Store {
	s := &Store{pool: pool, take: `UPDATE jobs SET status = 'running' WHERE id = $1`}
	lock := ` FOR UPDATE SKIP LOCKED`
	if wait {
		lock = ` FOR UPDATE`
	}
	s.poll = `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1` + lock
	return s
}

func (s *Store) Claim(ctx context.Context) (int64, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, s.poll).Scan(&id); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, s.take, id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}

var _ pgx.Tx
