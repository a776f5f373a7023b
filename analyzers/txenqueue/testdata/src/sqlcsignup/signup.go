// sqlc: the user is written through queries made from the transaction,
// the job on the pool.
package sqlcsignup

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
	if err := sqlcdb.New(s.pool).EnqueueJob(ctx, "welcome", id); err != nil { // want `enqueued outside transaction tx, which writes users and is still open\nit is enqueued by an INSERT into jobs on the pool: .* call it on queries made from tx`
		return err
	}
	return tx.Commit(ctx)
}

func (s *Service) SignUpRiver(ctx context.Context, email string) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	id, err := sqlcdb.New(tx).CreateUser(ctx, email)
	if err != nil {
		return err
	}
	if _, err := s.river.Insert(ctx, WelcomeArgs{UserID: id}, nil); err != nil { // want `enqueued outside transaction tx, which writes users and is still open\nit is enqueued by River's Insert:`
		return err
	}
	return tx.Commit(ctx)
}
