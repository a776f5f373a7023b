// sqlc: the user and the job through queries made from the transaction;
// a write through queries whose receiver is not known to be the
// transaction does not count.
package accept_sqlctx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"sqlcdb"
)

type Service struct {
	pool  *pgxpool.Pool
	q     *sqlcdb.Queries
	river *river.Client[pgx.Tx]
}

type WelcomeArgs struct{ UserID int64 }

func (WelcomeArgs) Kind() string { return "welcome" }

func (s *Service) SignUp(ctx context.Context, email string) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := s.q.WithTx(tx)
	id, err := qtx.CreateUser(ctx, email)
	if err != nil {
		return err
	}
	if err := qtx.EnqueueJob(ctx, "welcome", id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// The write goes through s.q, which the tool cannot place: it may be the
// pool, so no entity is known to be uncommitted.
func (s *Service) Touch(ctx context.Context, email string) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := s.q.CreateUser(ctx, email); err != nil {
		return err
	}
	if _, err := s.river.Insert(ctx, WelcomeArgs{}, nil); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
