// pgx names parameters @name when a query's first argument is
// pgx.NamedArgs (or StrictNamedArgs, or StructArgs's rewriter), and numbers
// them before PostgreSQL sees the query: LIMIT @limit OFFSET @offset runs.
// Without a rewriter, @ is PostgreSQL's absolute-value operator, and
// "@limit" does not parse (LIMIT is a reserved word).
package pgxnamed

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Page(ctx context.Context, pool *pgxpool.Pool, org string, limit, offset int) (pgx.Rows, error) {
	return pool.Query(ctx, `SELECT id FROM runs WHERE org = @org ORDER BY id LIMIT @limit OFFSET @offset`,
		pgx.NamedArgs{"org": org, "limit": limit, "offset": offset})
}

func PageStrict(ctx context.Context, pool *pgxpool.Pool, org string, limit, offset int) (pgx.Rows, error) {
	return pool.Query(ctx, `SELECT id FROM runs WHERE org = @org ORDER BY id LIMIT @limit OFFSET @offset`,
		pgx.StrictNamedArgs{"org": org, "limit": limit, "offset": offset})
}

type page struct {
	Org           string
	Limit, Offset int
}

func PageStruct(ctx context.Context, pool *pgxpool.Pool, p page) (pgx.Rows, error) {
	return pool.Query(ctx, `SELECT id FROM runs WHERE org = @org ORDER BY id LIMIT @limit OFFSET @offset`, pgx.StructArgs(p))
}

func PageUnnamed(ctx context.Context, pool *pgxpool.Pool, org string, limit, offset int) (pgx.Rows, error) {
	return pool.Query(ctx, `SELECT id FROM runs WHERE org = @org ORDER BY id LIMIT @limit OFFSET @offset`, org, limit, offset) // want `SQL does not parse: syntax error at or near "limit"`
}

// A map type of the program's own named like pgx's rewriter is no rewriter:
// pgx binds it as one parameter and sends @limit as it is.
type NamedArgs map[string]any

func PageOwnArgs(ctx context.Context, pool *pgxpool.Pool, org string) (pgx.Rows, error) {
	return pool.Query(ctx, `SELECT id FROM runs WHERE org = $1 ORDER BY id LIMIT @limit`, NamedArgs{"org": org}) // want `SQL does not parse: syntax error at or near "limit"`
}
