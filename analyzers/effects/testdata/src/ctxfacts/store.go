// Package ctxfacts exports what its transaction helper and its handle // want package:`converted\(ctxfacts.Querier<database/sql.DB, ctxfacts.Querier<database/sql.Tx\)`
// getters do with a transaction carried in a context.
package ctxfacts

import (
	"context"
	"database/sql"
	"log"
)

type txKey struct{}

type Store struct{ db *sql.DB }

// RunInTx rolls back on fn's error: a helper.
func (s *Store) RunInTx(ctx context.Context, fn func(context.Context) error) error { // want RunInTx:`ctxtx\(helper: param 2 given ctxfacts.txKey=\{\}\)`
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// CommitAnyway commits whatever fn returns: no helper of this kind.
func (s *Store) CommitAnyway(ctx context.Context, fn func(context.Context) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		log.Print(err)
	}
	return tx.Commit()
}

type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Conn falls back to the pool.
func (s *Store) Conn(ctx context.Context) Querier { // want Conn:`results\(\{database/sql.DB, database/sql.Tx\}\)` Conn:`ctxtx\(carried ctxfacts.txKey=\{\} of param 1 or fallback\)`
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return s.db
}

// Tx is the transaction, or a panic.
func Tx(ctx context.Context) *sql.Tx { // want Tx:`ctxtx\(carried ctxfacts.txKey=\{\} of param 0\)`
	return ctx.Value(txKey{}).(*sql.Tx)
}

// Pick chooses by a setting.
func (s *Store) Pick(ctx context.Context, inTx bool) Querier { // want Pick:`results\(\{database/sql.DB, database/sql.Tx\}\)`
	if inTx {
		return ctx.Value(txKey{}).(*sql.Tx)
	}
	return s.db
}
