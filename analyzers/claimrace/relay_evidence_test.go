package claimrace_test

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestRelayEvidenceOnPostgreSQL runs a relay's poll and mark, read from
// the fixtures the rule judges, from two connections in lock-step on
// PostgreSQL 15.
func TestRelayEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()

	t.Run("unlocked poll: both relays read the same rows; the mark's re-check comes after both published", func(t *testing.T) {
		a, b := twoRelays(t)
		sql := funcSQL(t, "relay_pgx", "Relay")
		require.Len(t, sql, 2)
		poll, mark := sql[0], sql[1]

		idsA, idsB := scanIDs(t, a, poll), scanIDs(t, b, poll) // B polls before A marks
		require.Len(t, idsA, 3)
		require.Equal(t, idsA, idsB, "both relays hand on the same rows")
		// Each publishes its batch, then marks it.
		tagA, err := a.Exec(ctx, mark, idsA)
		require.NoError(t, err)
		tagB, err := b.Exec(ctx, mark, idsB)
		require.NoError(t, err)
		require.EqualValues(t, 3, tagA.RowsAffected())
		require.EqualValues(t, 0, tagB.RowsAffected(), "the re-check only makes B's mark a no-op: B already published")
	})

	t.Run("FOR UPDATE SKIP LOCKED in a transaction open until the mark: the second relay reads nothing", func(t *testing.T) {
		a, b := twoRelays(t)
		sql := funcSQL(t, "ok_relay_skiplocked", "Relay")
		require.Len(t, sql, 2)
		poll, mark := sql[0], sql[1]

		txA, err := a.Begin(ctx)
		require.NoError(t, err)
		idsA := scanIDs(t, txA, poll)
		require.Len(t, idsA, 3)
		txB, err := b.Begin(ctx)
		require.NoError(t, err)
		require.Empty(t, scanIDs(t, txB, poll), "A's rows are locked: B skips them")
		for _, id := range idsA {
			_, err := txA.Exec(ctx, mark, id)
			require.NoError(t, err)
		}
		require.NoError(t, txA.Commit(ctx))
		require.Empty(t, scanIDs(t, txB, poll), "after A's commit they are marked")
		require.NoError(t, txB.Rollback(ctx))
	})

	t.Run("SERIALIZABLE: the second relay's mark fails with 40001, after its publish", func(t *testing.T) {
		a, b := twoRelays(t)
		const poll = `SELECT id FROM outbox WHERE published_at IS NULL ORDER BY created_at LIMIT 100`
		const mark = `UPDATE outbox SET published_at = now() WHERE id = ANY($1)`
		opts := pgx.TxOptions{IsoLevel: pgx.Serializable}
		txA, err := a.BeginTx(ctx, opts)
		require.NoError(t, err)
		txB, err := b.BeginTx(ctx, opts)
		require.NoError(t, err)
		idsA, idsB := scanIDs(t, txA, poll), scanIDs(t, txB, poll)
		require.Equal(t, idsA, idsB, "both read the same rows")
		_, err = txA.Exec(ctx, mark, idsA)
		require.NoError(t, err)
		require.NoError(t, txA.Commit(ctx))
		_, err = txB.Exec(ctx, mark, idsB)
		var pgErr *pgconn.PgError
		require.True(t, errors.As(err, &pgErr), "B's mark fails: %v", err)
		require.Equal(t, "40001", pgErr.Code)
		require.NoError(t, txB.Rollback(ctx))
	})
}

// twoRelays returns two connections to a database whose outbox holds
// three unpublished rows.
func twoRelays(t *testing.T) (*pgx.Conn, *pgx.Conn) {
	conns := pgtest.Sessions(t, 2)
	pgtest.Exec(t, conns[0], `CREATE TABLE outbox (
		id bigserial PRIMARY KEY,
		topic text NOT NULL,
		payload bytea,
		created_at timestamptz NOT NULL DEFAULT now(),
		published_at timestamptz
	)`)
	pgtest.Exec(t, conns[0], `INSERT INTO outbox (topic, payload, created_at)
		SELECT 'orders', '\x00', now() - i * interval '1 minute' FROM generate_series(1, 3) i`)
	return conns[0], conns[1]
}

type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

func scanIDs(t *testing.T, q querier, sql string) []int64 {
	rows, err := q.Query(context.Background(), sql)
	require.NoError(t, err)
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		vals, err := rows.Values()
		require.NoError(t, err)
		ids = append(ids, vals[0].(int64))
	}
	require.NoError(t, rows.Err())
	return ids
}

// funcSQL returns the SQL string literals of a fixture's function that
// hold a statement, in order.
func funcSQL(t *testing.T, fixture, name string) []string {
	matches, err := filepath.Glob(filepath.Join("testdata", "src", fixture, "*.go"))
	require.NoError(t, err)
	var out []string
	for _, path := range matches {
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		require.NoError(t, err)
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Name.Name != name {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && lit.Value[0] == '`' {
					s, err := strconv.Unquote(lit.Value)
					require.NoError(t, err)
					out = append(out, s)
				}
				return true
			})
		}
	}
	return out
}
