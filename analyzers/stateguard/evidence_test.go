package stateguard_test

import (
	"context"
	"errors"
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

// TestResetEvidenceOnPostgreSQL runs the two-statement reclaims of the
// fixtures on PostgreSQL 15 against a worker that finishes the job late:
// the rescuer's SELECT finds the job stuck, the worker then completes it,
// and the rescuer's UPDATE runs last. The SQL is read from the fixtures,
// so the test checks the code the rule judges.
func TestResetEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	const complete = `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'processing'`

	t.Run("stuckreset: a job finished between the SELECT and the UPDATE is put back", func(t *testing.T) {
		rescuer, worker := stuckJob(t)
		sql := fixtureSQL(t, "stuckreset", "Rescue")
		require.Len(t, sql, 2)
		id := scanID(t, rescuer, sql[0])
		tag, err := worker.Exec(ctx, complete, id)
		require.NoError(t, err)
		require.EqualValues(t, 1, tag.RowsAffected(), "the slow worker finishes the job")
		tag, err = rescuer.Exec(ctx, sql[1], id)
		require.NoError(t, err)
		require.EqualValues(t, 1, tag.RowsAffected())
		require.Equal(t, "pending", status(t, rescuer, id), "the finished job is queued again and runs a second time")
	})

	t.Run("stucklocked: FOR UPDATE SKIP LOCKED on the pool holds nothing back", func(t *testing.T) {
		rescuer, worker := stuckJob(t)
		scan, reset := fixtureSQL(t, "stucklocked", "stuck"), fixtureSQL(t, "stucklocked", "reset")
		id := scanID(t, rescuer, scan[0])
		tag, err := worker.Exec(ctx, complete, id)
		require.NoError(t, err)
		require.EqualValues(t, 1, tag.RowsAffected(), "no lock is left to wait for")
		_, err = rescuer.Exec(ctx, reset[0], id)
		require.NoError(t, err)
		require.Equal(t, "pending", status(t, rescuer, id))
	})

	t.Run("ok_stuckrecheck: the reset that repeats the filter leaves the finished job alone", func(t *testing.T) {
		rescuer, worker := stuckJob(t)
		sql := fixtureSQL(t, "ok_stuckrecheck", "Rescue")
		require.Len(t, sql, 2)
		id := scanID(t, rescuer, sql[0])
		_, err := worker.Exec(ctx, complete, id)
		require.NoError(t, err)
		tag, err := rescuer.Exec(ctx, sql[1], id)
		require.NoError(t, err)
		require.EqualValues(t, 0, tag.RowsAffected())
		require.Equal(t, "done", status(t, rescuer, id))
	})

	t.Run("ok_stucklocked: the worker cannot finish between the locked SELECT and the UPDATE", func(t *testing.T) {
		rescuer, worker := stuckJob(t)
		sql := fixtureSQL(t, "ok_stucklocked", "RescueOne")
		require.Len(t, sql, 2)
		tx, err := rescuer.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx)
		var id int64
		require.NoError(t, tx.QueryRow(ctx, sql[0]).Scan(&id))
		pgtest.Exec(t, worker, `SET lock_timeout = '200ms'`)
		_, err = worker.Exec(ctx, complete, id)
		var pgErr *pgconn.PgError
		require.True(t, errors.As(err, &pgErr), "the completion waits for the rescuer's row lock: %v", err)
		require.Equal(t, "55P03", pgErr.Code, "lock_not_available")
		_, err = tx.Exec(ctx, sql[1], id)
		require.NoError(t, err)
		require.NoError(t, tx.Commit(ctx))
		tag, err := worker.Exec(ctx, complete, id)
		require.NoError(t, err)
		require.EqualValues(t, 0, tag.RowsAffected(), "after the reclaim, the late completion re-checks and finds the job taken back")
	})
}

// stuckJob creates the fixtures' table with one job stuck in
// 'processing' for two minutes, and returns a rescuer's and a worker's
// connection.
func stuckJob(t *testing.T) (*pgx.Conn, *pgx.Conn) {
	conns := pgtest.Sessions(t, 2)
	pgtest.Exec(t, conns[0], `CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'pending',
		attempts int NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now())`)
	pgtest.Exec(t, conns[0], `INSERT INTO jobs (status, updated_at) VALUES ('processing', now() - interval '2 minutes')`)
	return conns[0], conns[1]
}

// fixtureSQL returns the SQL string literals of a fixture's function, in order.
func fixtureSQL(t *testing.T, fixture, fn string) []string {
	path := filepath.Join("testdata", "src", fixture, "q.go")
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	require.NoError(t, err)
	var out []string
	for _, d := range f.Decls {
		decl, ok := d.(*ast.FuncDecl)
		if !ok || decl.Name.Name != fn {
			continue
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, err := strconv.Unquote(lit.Value)
				require.NoError(t, err)
				out = append(out, s)
			}
			return true
		})
	}
	require.NotEmpty(t, out, "%s has no function %s", path, fn)
	return out
}

func scanID(t *testing.T, conn *pgx.Conn, sql string) int64 {
	var id int64
	require.NoError(t, conn.QueryRow(context.Background(), sql).Scan(&id))
	return id
}

func status(t *testing.T, conn *pgx.Conn, id int64) string {
	var s string
	require.NoError(t, conn.QueryRow(context.Background(), `SELECT status FROM jobs WHERE id = $1`, id).Scan(&s))
	return s
}
