package migrationlock_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

const (
	createTasks = `CREATE TABLE tasks (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', run_at timestamptz NOT NULL DEFAULT now());
		INSERT INTO tasks (status) SELECT 'queued' FROM generate_series(1, 10)`
	// The workers' statements take ROW EXCLUSIVE, as every claim, enqueue
	// and completion does.
	enqueue = `INSERT INTO tasks (status) VALUES ('queued')`
	claim   = `UPDATE tasks SET status = 'running' WHERE id = (
		SELECT id FROM tasks WHERE status = 'queued' ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`
)

// TestEvidenceOnPostgreSQL checks the rule's claim on PostgreSQL 15. A
// report's transaction has read the queue table (ACCESS SHARE, held to its
// end). A migration's ALTER TABLE waits for it; a worker's enqueue and claim, which
// does not conflict with the report, then waits behind the ALTER. With SET
// lock_timeout first, the ALTER gives up and they go through.
func TestEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name    string
		timeout bool
	}{{"no lock_timeout: the worker waits behind the ALTER", false}, {"SET lock_timeout: the ALTER gives up", true}} {
		t.Run(c.name, func(t *testing.T) {
			dsn := pgtest.DSN(t)
			connect := func() *pgx.Conn {
				conn, err := pgx.Connect(ctx, dsn)
				require.NoError(t, err)
				t.Cleanup(func() { conn.Close(ctx) })
				return conn
			}
			report, migration, worker := connect(), connect(), connect()
			pgtest.Exec(t, report, createTasks)

			tx, err := report.Begin(ctx)
			require.NoError(t, err)
			defer tx.Rollback(ctx)
			var n int
			require.NoError(t, tx.QueryRow(ctx, `SELECT count(*) FROM tasks`).Scan(&n))

			if c.timeout {
				pgtest.Exec(t, migration, `SET lock_timeout = '200ms'`)
			}
			var pid int
			require.NoError(t, migration.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid))
			altered := make(chan error, 1)
			go func() {
				_, err := migration.Exec(ctx, `ALTER TABLE tasks ADD COLUMN priority int NOT NULL DEFAULT 0`)
				altered <- err
			}()

			// The worker bounds its own wait, only to observe it.
			pgtest.Exec(t, worker, `SET lock_timeout = '1s'`)
			if !c.timeout {
				require.Eventually(t, func() bool {
					var waiting bool
					require.NoError(t, worker.QueryRow(ctx, `SELECT coalesce(wait_event_type = 'Lock', false) FROM pg_stat_activity WHERE pid = $1`, pid).Scan(&waiting))
					return waiting
				}, 10*time.Second, 20*time.Millisecond, "the ALTER waits for the report's transaction")
				_, err := worker.Exec(ctx, enqueue)
				require.Equal(t, "55P03", pgCode(t, err), "lock_not_available: the enqueue waits behind the ALTER")
				//jobqlint:ignore lease the evidence needs the claim's lock, not a lease
				_, err = worker.Exec(ctx, claim)
				require.Equal(t, "55P03", pgCode(t, err), "lock_not_available: the claim waits behind the ALTER")
				require.NoError(t, tx.Commit(ctx))
				require.NoError(t, <-altered, "the ALTER runs once the report ends")
				return
			}
			require.Equal(t, "55P03", pgCode(t, <-altered), "the ALTER gives up after lock_timeout")
			_, err = worker.Exec(ctx, enqueue)
			require.NoError(t, err, "the enqueue goes through")
			//jobqlint:ignore lease the evidence needs the claim's lock, not a lease
			_, err = worker.Exec(ctx, claim)
			require.NoError(t, err, "the claim goes through")
			require.NoError(t, tx.Commit(ctx))
		})
	}
	t.Run("SET LOCAL in a file sent as one string bounds the wait", func(t *testing.T) {
		// golang-migrate sends a file as one multi-statement string, with no
		// BEGIN: PostgreSQL runs it as one implicit transaction, where SET
		// LOCAL holds for the statements after it.
		sessions := pgtest.Sessions(t, 2)
		holder, migration := sessions[0], sessions[1]
		pgtest.Exec(t, holder, createTasks)
		tx, err := holder.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx)
		_, err = tx.Exec(ctx, `SELECT count(*) FROM tasks`)
		require.NoError(t, err)

		wait, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		_, err = migration.Exec(wait, "SET LOCAL lock_timeout = '200ms';\nALTER TABLE tasks ADD COLUMN priority int NOT NULL DEFAULT 0;")
		require.Equal(t, "55P03", pgCode(t, err))
	})
	t.Run("SET LOCAL lasts to the end of the migration's transaction", func(t *testing.T) {
		conn := pgtest.Connect(t)
		tx, err := conn.Begin(ctx)
		require.NoError(t, err)
		_, err = tx.Exec(ctx, `SET LOCAL lock_timeout = '5s'`)
		require.NoError(t, err)
		require.Equal(t, "5s", show(t, tx))
		require.NoError(t, tx.Commit(ctx))
		require.Equal(t, "0", show(t, conn))
	})
}

func show(t *testing.T, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}) string {
	var v string
	require.NoError(t, q.QueryRow(context.Background(), `SHOW lock_timeout`).Scan(&v))
	return v
}

func pgCode(t *testing.T, err error) string {
	var pgErr *pgconn.PgError
	require.ErrorAs(t, err, &pgErr)
	return pgErr.Code
}

// TestTransactionsOnPostgreSQL checks on PostgreSQL 15 what the rule reads
// of each migration tool: which statements share a transaction, how long
// SET LOCAL lasts, which statements can wait, and the lock_timeout a
// runner's connection parameters set.
func TestTransactionsOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	// results runs a string of statements as one Exec, as golang-migrate,
	// dbmate (with and without its transaction) and tern send a file, and
	// returns what each SELECT returned.
	results := func(t *testing.T, conn *pgx.Conn, sql string) ([]string, error) {
		t.Helper()
		res, err := conn.PgConn().Exec(ctx, sql).ReadAll()
		var out []string
		for _, r := range res {
			for _, row := range r.Rows {
				out = append(out, string(row[0]))
			}
		}
		return out, err
	}
	t.Run("a string of statements is one transaction", func(t *testing.T) {
		conn := pgtest.Connect(t)
		_, err := results(t, conn, "CREATE TABLE a (id int); CREATE TABLE b (id int); SELECT 1/0")
		require.Equal(t, "22012", pgCode(t, err))
		got, err := results(t, conn, "SELECT coalesce(to_regclass('a')::text, 'none')")
		require.NoError(t, err)
		require.Equal(t, []string{"none"}, got, "the error rolled back the statements before it")
	})
	t.Run("COMMIT in the string ends the transaction and its SET LOCAL; the rest is a new one", func(t *testing.T) {
		conn := pgtest.Connect(t)
		got, err := results(t, conn, "SET LOCAL lock_timeout = '200ms'; SELECT current_setting('lock_timeout'); COMMIT; SELECT current_setting('lock_timeout')")
		require.NoError(t, err)
		require.Equal(t, []string{"200ms", "0"}, got)
		_, err = results(t, conn, "CREATE TABLE a (id int); COMMIT; CREATE TABLE b (id int); SELECT 1/0")
		require.Equal(t, "22012", pgCode(t, err))
		got, err = results(t, conn, "SELECT coalesce(to_regclass('a')::text, 'none') || ' ' || coalesce(to_regclass('b')::text, 'none')")
		require.NoError(t, err)
		require.Equal(t, []string{"a none"}, got, "a was committed; b, after the COMMIT, rolled back with the error")
	})
	t.Run("BEGIN in the string keeps the implicit transaction", func(t *testing.T) {
		conn := pgtest.Connect(t)
		got, err := results(t, conn, "SET LOCAL lock_timeout = '200ms'; BEGIN; SELECT current_setting('lock_timeout'); COMMIT; SELECT current_setting('lock_timeout')")
		require.NoError(t, err)
		require.Equal(t, []string{"200ms", "0"}, got)
	})
	t.Run("SET LOCAL sent on its own does nothing", func(t *testing.T) {
		// goose NO TRANSACTION, sql-migrate notransaction, tern disable-tx
		// and atlas txmode none send each statement on its own.
		cfg, err := pgx.ParseConfig(pgtest.DSN(t))
		require.NoError(t, err)
		var notices []string
		cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) { notices = append(notices, n.Code+" "+n.Message) }
		conn, err := pgx.ConnectConfig(ctx, cfg)
		require.NoError(t, err)
		t.Cleanup(func() { conn.Close(ctx) })
		pgtest.Exec(t, conn, `SET LOCAL lock_timeout = '200ms'`)
		require.Equal(t, []string{"25P01 SET LOCAL can only be used in transaction blocks"}, notices)
		require.Equal(t, "0", show(t, conn))
		pgtest.Exec(t, conn, `SELECT set_config('lock_timeout', '200ms', true)`)
		require.Equal(t, "0", show(t, conn), "nor does set_config(..., true)")
		pgtest.Exec(t, conn, `SET lock_timeout = '200ms'`)
		require.Equal(t, "200ms", show(t, conn), "a session-level SET lasts")
	})

	// holdReport opens a transaction that has read tasks (ACCESS SHARE,
	// held to its end), as a long report does.
	holdReport := func(t *testing.T, dsn string) pgx.Tx {
		conn, err := pgx.Connect(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { conn.Close(ctx) })
		pgtest.Exec(t, conn, createTasks)
		tx, err := conn.Begin(ctx)
		require.NoError(t, err)
		t.Cleanup(func() { tx.Rollback(ctx) })
		_, err = tx.Exec(ctx, `SELECT count(*) FROM tasks`)
		require.NoError(t, err)
		return tx
	}
	t.Run("after the transaction's ACCESS EXCLUSIVE lock on the table, its later statements do not wait", func(t *testing.T) {
		sessions := pgtest.Sessions(t, 2)
		migration, worker := sessions[0], sessions[1]
		pgtest.Exec(t, migration, createTasks)
		tx, err := migration.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx)
		_, err = tx.Exec(ctx, `ALTER TABLE tasks ADD COLUMN kind text`)
		require.NoError(t, err)

		// A worker now waits for the table, behind the migration.
		var pid int
		require.NoError(t, worker.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid))
		enqueued := make(chan error, 1)
		go func() { _, err := worker.Exec(ctx, enqueue); enqueued <- err }()
		require.Eventually(t, func() bool {
			var waiting bool
			require.NoError(t, tx.QueryRow(ctx, `SELECT coalesce(wait_event_type = 'Lock', false) FROM pg_stat_activity WHERE pid = $1`, pid).Scan(&waiting))
			return waiting
		}, 10*time.Second, 20*time.Millisecond, "the worker waits for the migration's lock")

		_, err = tx.Exec(ctx, `SET LOCAL lock_timeout = '200ms'`)
		require.NoError(t, err)
		_, err = tx.Exec(ctx, `CREATE INDEX tasks_kind ON tasks (kind)`)
		require.NoError(t, err, "the index is built under the lock the transaction holds, ahead of the waiting worker")
		_, err = tx.Exec(ctx, `ALTER TABLE tasks RENAME COLUMN kind TO category`)
		require.NoError(t, err)
		require.NoError(t, tx.Commit(ctx))
		require.NoError(t, <-enqueued)
	})
	t.Run("a RENAME of the table waits for its lock; the statements after it on the new name hold it", func(t *testing.T) {
		dsn := pgtest.DSN(t)
		report := holdReport(t, dsn)
		migration, err := pgx.Connect(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { migration.Close(ctx) })
		tx, err := migration.Begin(ctx)
		require.NoError(t, err)
		_, err = tx.Exec(ctx, `SET LOCAL lock_timeout = '200ms'`)
		require.NoError(t, err)
		_, err = tx.Exec(ctx, `ALTER TABLE tasks RENAME TO tasks_v2`)
		require.Equal(t, "55P03", pgCode(t, err), "the RENAME waits for the report")
		require.NoError(t, tx.Rollback(ctx))
		require.NoError(t, report.Commit(ctx))

		tx, err = migration.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx)
		_, err = tx.Exec(ctx, `ALTER TABLE tasks RENAME TO tasks_v2`)
		require.NoError(t, err)
		// A worker now waits for the table, behind the RENAME.
		worker, err := pgx.Connect(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { worker.Close(ctx) })
		var pid int
		require.NoError(t, worker.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid))
		enqueued := make(chan error, 1)
		go func() { _, err := worker.Exec(ctx, enqueue); enqueued <- err }()
		require.Eventually(t, func() bool {
			var waiting bool
			require.NoError(t, tx.QueryRow(ctx, `SELECT coalesce(wait_event_type = 'Lock', false) FROM pg_stat_activity WHERE pid = $1`, pid).Scan(&waiting))
			return waiting
		}, 10*time.Second, 20*time.Millisecond, "the worker waits for the RENAME's lock")
		_, err = tx.Exec(ctx, `SET LOCAL lock_timeout = '200ms'`)
		require.NoError(t, err)
		_, err = tx.Exec(ctx, `ALTER TABLE tasks_v2 ADD COLUMN kind text`)
		require.NoError(t, err, "the ALTER on the new name runs under the lock the RENAME took, ahead of the waiting worker")
		require.NoError(t, tx.Commit(ctx))
		require.Equal(t, "42P01", pgCode(t, <-enqueued), "the worker's table is gone by its old name")
	})
	t.Run("a transaction that holds a weaker lock on the table still waits for ACCESS EXCLUSIVE", func(t *testing.T) {
		dsn := pgtest.DSN(t)
		report := holdReport(t, dsn)
		migration, err := pgx.Connect(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { migration.Close(ctx) })
		tx, err := migration.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx)
		_, err = tx.Exec(ctx, `CREATE INDEX tasks_run_at ON tasks (run_at)`)
		require.NoError(t, err, "SHARE does not conflict with the report's ACCESS SHARE")
		_, err = tx.Exec(ctx, `SET LOCAL lock_timeout = '200ms'`)
		require.NoError(t, err)
		_, err = tx.Exec(ctx, `ALTER TABLE tasks RENAME COLUMN run_at TO due_at`)
		require.Equal(t, "55P03", pgCode(t, err), "the RENAME waits for the report")
		require.NoError(t, report.Commit(ctx))
	})
	t.Run("LOCK TABLE in SHARE mode or stronger stops the writers; ROW EXCLUSIVE does not", func(t *testing.T) {
		sessions := pgtest.Sessions(t, 2)
		migration, worker := sessions[0], sessions[1]
		pgtest.Exec(t, migration, createTasks)
		pgtest.Exec(t, worker, `SET lock_timeout = '200ms'`)
		for mode, code := range map[string]string{"ROW EXCLUSIVE": "", "SHARE": "55P03", "SHARE ROW EXCLUSIVE": "55P03", "EXCLUSIVE": "55P03", "ACCESS EXCLUSIVE": "55P03"} {
			tx, err := migration.Begin(ctx)
			require.NoError(t, err)
			_, err = tx.Exec(ctx, `LOCK TABLE tasks IN `+mode+` MODE`)
			require.NoError(t, err)
			_, err = worker.Exec(ctx, enqueue)
			if code == "" {
				require.NoError(t, err, mode)
			} else {
				require.Equal(t, code, pgCode(t, err), mode)
			}
			require.NoError(t, tx.Rollback(ctx))
		}
	})
	t.Run("lock_timeout in the connection string's options or in pgx's RuntimeParams", func(t *testing.T) {
		dsn := pgtest.DSN(t)
		report := holdReport(t, dsn)
		withOptions := dsn + " options='-c lock_timeout=200ms'"
		if strings.Contains(dsn, "://") {
			sep := "?"
			if strings.Contains(dsn, "?") {
				sep = "&"
			}
			withOptions = dsn + sep + "options=-c%20lock_timeout%3D200ms"
		}
		byOptions, err := pgx.Connect(ctx, withOptions)
		require.NoError(t, err)
		t.Cleanup(func() { byOptions.Close(ctx) })
		cfg, err := pgx.ParseConfig(dsn)
		require.NoError(t, err)
		cfg.RuntimeParams["lock_timeout"] = "200ms"
		byParams, err := pgx.ConnectConfig(ctx, cfg)
		require.NoError(t, err)
		t.Cleanup(func() { byParams.Close(ctx) })
		for _, conn := range []*pgx.Conn{byOptions, byParams} {
			require.Equal(t, "200ms", show(t, conn))
			_, err = conn.Exec(ctx, `ALTER TABLE tasks ADD COLUMN priority int NOT NULL DEFAULT 0`)
			require.Equal(t, "55P03", pgCode(t, err), "the ALTER gives up")
		}
		require.NoError(t, report.Commit(ctx))
	})
}

// TestSplitRunnerOnPostgreSQL checks on PostgreSQL 15 what a runner that
// splits a file on ; and sends each statement on its own leaves: after one
// statement returns, its transaction and the table lock it took are gone,
// so the next statement of the file waits again behind any transaction on
// the table; a session-level SET lock_timeout, sent on its own on the same
// connection, bounds the statements after it.
func TestSplitRunnerOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	setup := func(t *testing.T) (migration, report *pgx.Conn) {
		sessions := pgtest.Sessions(t, 2)
		pgtest.Exec(t, sessions[0], createTasks)
		return sessions[0], sessions[1]
	}
	// holdShare opens a report's transaction that reads the table and
	// keeps its ACCESS SHARE lock until the test ends.
	holdShare := func(t *testing.T, report *pgx.Conn) {
		tx, err := report.Begin(ctx)
		require.NoError(t, err)
		t.Cleanup(func() { tx.Rollback(ctx) })
		var n int
		require.NoError(t, tx.QueryRow(ctx, `SELECT count(*) FROM tasks`).Scan(&n))
	}
	t.Run("the second statement sent on its own waits again for the table", func(t *testing.T) {
		migration, report := setup(t)
		pgtest.Exec(t, migration, `ALTER TABLE tasks ADD COLUMN kind text`)
		holdShare(t, report) // a transaction gets in between the two statements
		// The bound only observes the wait: the statement gives up.
		pgtest.Exec(t, migration, `SET lock_timeout = '200ms'`)
		_, err := migration.Exec(ctx, `ALTER TABLE tasks ADD COLUMN note text`)
		require.Equal(t, "55P03", pgCode(t, err), "lock_not_available: the second ALTER waited for the report's lock")
	})
	t.Run("the same statements in one string hold the lock from the first to the last", func(t *testing.T) {
		migration, report := setup(t)
		done := make(chan error, 1)
		go func() {
			_, err := migration.PgConn().Exec(ctx, `ALTER TABLE tasks ADD COLUMN kind text; SELECT pg_sleep(0.5); ALTER TABLE tasks ADD COLUMN note text`).ReadAll()
			done <- err
		}()
		require.Eventually(t, func() bool {
			var locked bool
			require.NoError(t, report.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE relation = 'tasks'::regclass AND mode = 'AccessExclusiveLock' AND granted)`).Scan(&locked))
			return locked
		}, 10*time.Second, 10*time.Millisecond, "the first ALTER holds the table")
		pgtest.Exec(t, report, `SET lock_timeout = '100ms'`)
		_, err := report.Exec(ctx, `SELECT count(*) FROM tasks`)
		require.Equal(t, "55P03", pgCode(t, err), "the report waits behind the string's transaction instead")
		require.NoError(t, <-done, "the second ALTER ran under the lock the first took")
	})
	t.Run("a session's lock_timeout sent on its own bounds the statements after it", func(t *testing.T) {
		migration, report := setup(t)
		pgtest.Exec(t, migration, `SET lock_timeout = '200ms'`)
		holdShare(t, report)
		start := time.Now()
		_, err := migration.Exec(ctx, `ALTER TABLE tasks ADD COLUMN kind text`)
		require.Equal(t, "55P03", pgCode(t, err), "the ALTER gives up")
		require.Less(t, time.Since(start), 5*time.Second)
	})
}
