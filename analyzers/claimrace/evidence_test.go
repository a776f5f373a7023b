package claimrace_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestEvidenceOnPostgreSQL runs the claims of the seed pair from two
// connections in lock-step on PostgreSQL 15. The SQL is read from the
// fixtures' claimJob functions, so the test checks the code the rule judges.
func TestEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()

	t.Run("seedpr: both workers claim the same job", func(t *testing.T) {
		a, b := twoWorkers(t, "seedpr")
		sql := claimSQL(t, "seedpr")
		require.Len(t, sql, 2)
		selectNext, markRunning := sql[0], sql[1]

		idA, idB := scanID(t, a, selectNext), scanID(t, b, selectNext) // both SELECT before either UPDATE
		tagA, err := a.Exec(ctx, markRunning, idA)
		require.NoError(t, err)
		tagB, err := b.Exec(ctx, markRunning, idB)
		require.NoError(t, err)

		require.Equal(t, idA, idB)
		require.EqualValues(t, 1, tagA.RowsAffected())
		require.EqualValues(t, 1, tagB.RowsAffected(), "the second UPDATE succeeds too: the job runs twice")
	})

	t.Run("FOR UPDATE SKIP LOCKED in autocommit: the lock is gone when the SELECT returns", func(t *testing.T) {
		a, b := twoWorkers(t, "seedpr")
		const locked = `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`
		require.Equal(t, scanID(t, a, locked), scanID(t, b, locked))
	})

	t.Run("FOR UPDATE SKIP LOCKED in a transaction committed before the UPDATE: the lock is gone at Commit", func(t *testing.T) {
		a, b := twoWorkers(t, "seedpr")
		const locked = `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`
		const markRunning = `UPDATE jobs SET status = 'running' WHERE id = $1`
		claimInTx := func(conn *pgx.Conn) int64 {
			tx, err := conn.Begin(ctx)
			require.NoError(t, err)
			var id int64
			require.NoError(t, tx.QueryRow(ctx, locked).Scan(&id))
			require.NoError(t, tx.Commit(ctx))
			return id
		}
		idA := claimInTx(a)
		idB := claimInTx(b) // before A's UPDATE on the pool
		tagA, err := a.Exec(ctx, markRunning, idA)
		require.NoError(t, err)
		tagB, err := b.Exec(ctx, markRunning, idB)
		require.NoError(t, err)
		require.Equal(t, idA, idB)
		require.EqualValues(t, 1, tagA.RowsAffected())
		require.EqualValues(t, 1, tagB.RowsAffected(), "both UPDATEs take the job")
	})

	t.Run("a transaction-scoped advisory lock on the queue serialises the SELECT and the UPDATE", func(t *testing.T) {
		a, b := twoWorkers(t, "seedpr")
		const lock = `SELECT pg_try_advisory_xact_lock(hashtext($1))`
		const next = `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`
		const markRunning = `UPDATE jobs SET status = 'running' WHERE id = $1`

		txA, err := a.Begin(ctx)
		require.NoError(t, err)
		var got bool
		require.NoError(t, txA.QueryRow(ctx, lock, "default").Scan(&got))
		if !got {
			t.Fatal("A gets the queue's lock")
		}
		var idA int64
		require.NoError(t, txA.QueryRow(ctx, next).Scan(&idA))

		txB, err := b.Begin(ctx) // B comes while A holds the lock: it backs off
		require.NoError(t, err)
		require.NoError(t, txB.QueryRow(ctx, lock, "default").Scan(&got))
		require.False(t, got)
		require.NoError(t, txB.Rollback(ctx))

		_, err = txA.Exec(ctx, markRunning, idA)
		require.NoError(t, err)
		require.NoError(t, txA.Commit(ctx)) // the lock goes with the commit

		txB, err = b.Begin(ctx) // B's next try sees A's UPDATE
		require.NoError(t, err)
		defer txB.Rollback(ctx)
		require.NoError(t, txB.QueryRow(ctx, lock, "default").Scan(&got))
		require.True(t, got)
		var idB int64
		require.NoError(t, txB.QueryRow(ctx, next).Scan(&idB))
		require.NotEqual(t, idA, idB)
	})

	// The SELECT and UPDATE of ok_isolation's and iso_readcommitted's
	// claims, in one transaction per worker: both read the same row, then
	// A's UPDATE commits before B's runs.
	const next = `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`
	const markRunning = `UPDATE jobs SET status = 'running' WHERE id = $1`
	race := func(t *testing.T, iso pgx.TxIsoLevel) error {
		a, b := twoWorkers(t, "seedpr")
		txA, err := a.BeginTx(ctx, pgx.TxOptions{IsoLevel: iso})
		require.NoError(t, err)
		defer txA.Rollback(ctx)
		txB, err := b.BeginTx(ctx, pgx.TxOptions{IsoLevel: iso})
		require.NoError(t, err)
		defer txB.Rollback(ctx)
		var idA, idB int64
		require.NoError(t, txA.QueryRow(ctx, next).Scan(&idA))
		require.NoError(t, txB.QueryRow(ctx, next).Scan(&idB))
		require.Equal(t, idA, idB, "both workers find the same job")
		tag, err := txA.Exec(ctx, markRunning, idA)
		require.NoError(t, err)
		require.EqualValues(t, 1, tag.RowsAffected())
		require.NoError(t, txA.Commit(ctx))
		tag, err = txB.Exec(ctx, markRunning, idB)
		if err != nil {
			return err
		}
		require.EqualValues(t, 1, tag.RowsAffected())
		return txB.Commit(ctx)
	}

	t.Run("READ COMMITTED: both workers take the job", func(t *testing.T) {
		require.NoError(t, race(t, pgx.ReadCommitted), "B's UPDATE takes the job A took")
	})

	for _, iso := range []pgx.TxIsoLevel{pgx.RepeatableRead, pgx.Serializable} {
		t.Run(string(iso)+": the second UPDATE fails with 40001", func(t *testing.T) {
			err := race(t, iso)
			var pgErr *pgconn.PgError
			require.ErrorAs(t, err, &pgErr)
			require.Equal(t, "40001", pgErr.Code, pgErr.Message)
		})
	}

	t.Run("seedfixed: each worker gets its own job", func(t *testing.T) {
		a, b := twoWorkers(t, "seedfixed")
		sql := claimSQL(t, "seedfixed")
		require.Len(t, sql, 1)
		claim := sql[0]

		txA, err := a.Begin(ctx) // A's claim is in flight: its row lock is held
		require.NoError(t, err)
		var idA, idB int64
		require.NoError(t, txA.QueryRow(ctx, claim, 300).Scan(&idA, new(string), new([]byte), new(int)))
		require.NoError(t, b.QueryRow(ctx, claim, 300).Scan(&idB, new(string), new([]byte), new(int)))
		require.NoError(t, txA.Commit(ctx))

		require.NotEqual(t, idA, idB)
	})
}

// twoWorkers applies a fixture's migration to a new database, enqueues
// three jobs, and returns two connections to it.
func twoWorkers(t *testing.T, fixture string) (*pgx.Conn, *pgx.Conn) {
	conns := pgtest.Sessions(t, 2)
	migration, err := os.ReadFile(filepath.Join("..", "..", "testdata", fixture, "migrations", "001_create_jobs.sql"))
	require.NoError(t, err)
	pgtest.Exec(t, conns[0], string(migration))
	pgtest.Exec(t, conns[0], `INSERT INTO jobs (kind, payload, run_at)
		SELECT 'email', '{}', now() - i * interval '1 minute' FROM generate_series(1, 3) i`)
	return conns[0], conns[1]
}

// claimSQL returns the SQL string literals of the fixture's claimJob, in order.
func claimSQL(t *testing.T, fixture string) []string {
	path := filepath.Join("..", "..", "testdata", fixture, "queue", "queue.go")
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	require.NoError(t, err)
	var out []string
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "claimJob" {
			continue
		}
		ast.Inspect(fn, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, err := strconv.Unquote(lit.Value)
				require.NoError(t, err)
				out = append(out, s)
			}
			return true
		})
	}
	return out
}

func scanID(t *testing.T, conn *pgx.Conn, sql string) int64 {
	rows, err := conn.Query(context.Background(), sql)
	require.NoError(t, err)
	defer rows.Close()
	require.True(t, rows.Next(), "a job")
	vals, err := rows.Values()
	require.NoError(t, err)
	return vals[0].(int64)
}
