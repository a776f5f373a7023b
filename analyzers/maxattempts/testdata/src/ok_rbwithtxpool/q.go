// A helper that runs the function on the pool while an audit transaction
// of its own is open: the function's statements are not in that
// transaction, and its rollback does not undo them.
package ok_rbwithtxpool

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconnTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type pgconnTag = struct{}

type Store struct {
	pool *pgxpool.Pool
	q    Querier
}

func (s *Store) Audited(ctx context.Context, fn func(q Querier) error) error {
	audit, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	if err := fn(s.q); err != nil {
		_ = audit.Rollback(ctx)
		return err
	}
	if _, err := audit.Exec(ctx, `INSERT INTO audit (what) VALUES ('job')`); err != nil {
		_ = audit.Rollback(ctx)
		return err
	}
	return audit.Commit(ctx)
}

func (s *Store) Next(ctx context.Context, handle func(context.Context, []byte) error) error {
	return s.Audited(ctx, func(q Querier) error {
		var id int64
		var payload []byte
		if err := q.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND attempts < 5 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, payload`).Scan(&id, &payload); err != nil {
			return err
		}
		if err := handle(ctx, payload); err != nil {
			return err
		}
		_, err := q.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
		return err
	})
}
