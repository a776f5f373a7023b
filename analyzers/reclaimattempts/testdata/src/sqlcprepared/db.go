// sqlc's code with emit_prepared_queries: Prepare readies every query,
// each query's method runs it through q.exec/q.queryRow. The reclaim is
// reported once, where its method runs it, not again at its Prepare.
package sqlcprepared

import (
	"context"
	"database/sql"
)

type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	PrepareContext(context.Context, string) (*sql.Stmt, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

type Queries struct {
	db          DBTX
	claimStmt   *sql.Stmt
	finishStmt  *sql.Stmt
	reclaimStmt *sql.Stmt
}

func Prepare(ctx context.Context, db DBTX) (*Queries, error) {
	q := Queries{db: db}
	var err error
	if q.claimStmt, err = db.PrepareContext(ctx, claim); err != nil {
		return nil, err
	}
	if q.finishStmt, err = db.PrepareContext(ctx, finish); err != nil {
		return nil, err
	}
	if q.reclaimStmt, err = db.PrepareContext(ctx, reclaim); err != nil {
		return nil, err
	}
	return &q, nil
}

func (q *Queries) exec(ctx context.Context, stmt *sql.Stmt, query string, args ...interface{}) (sql.Result, error) {
	if stmt != nil {
		return stmt.ExecContext(ctx, args...)
	}
	return q.db.ExecContext(ctx, query, args...)
}

func (q *Queries) queryRow(ctx context.Context, stmt *sql.Stmt, query string, args ...interface{}) *sql.Row {
	if stmt != nil {
		return stmt.QueryRowContext(ctx, args...)
	}
	return q.db.QueryRowContext(ctx, query, args...)
}
