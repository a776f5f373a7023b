// The seed's race with its SQL kept in a struct of queries that the
// constructor fills: the same unlocked SELECT, then an UPDATE by id.
package fieldsql

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type queries struct {
	poll, take string
}

type Store struct {
	pool *pgxpool.Pool
	sql  queries
}

func NewStore(pool *pgxpool.Pool) *Store {
	return &Store{pool: pool, sql: queries{
		poll: `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`,
		take: `UPDATE jobs SET status = 'running' WHERE id = $1`,
	}}
}

func (s *Store) Claim(ctx context.Context) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, s.sql.poll).Scan(&id) // want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
	if err != nil {
		return 0, err
	}
	_, err = s.pool.Exec(ctx, s.sql.take, id)
	return id, err
}
