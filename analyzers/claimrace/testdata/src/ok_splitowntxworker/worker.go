package ok_splitowntxworker

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"ok_splitowntx"
)

func Run(ctx context.Context, s *ok_splitowntx.Store) error {
	_, err := s.Claim(ctx, 10)
	return err
}

// The caller's transaction spans the poll and the take.
func RunInTx(ctx context.Context, pool *pgxpool.Pool, s *ok_splitowntx.Store) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		ids, err := s.PendingIn(ctx, tx, 10)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := s.MarkRunningIn(ctx, tx, id); err != nil {
				return err
			}
		}
		return nil
	})
}

func RunSavepoint(ctx context.Context, pool *pgxpool.Pool, s *ok_splitowntx.Store) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		ids, err := s.PendingSavepoint(ctx, tx, 10)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := s.MarkRunningIn(ctx, tx, id); err != nil {
				return err
			}
		}
		return nil
	})
}
