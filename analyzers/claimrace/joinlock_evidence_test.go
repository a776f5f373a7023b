package claimrace_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestJoinLockEvidenceOnPostgreSQL checks, on PostgreSQL 15, what a claim
// whose lock and state filter sit in different WITH queries does when a
// second worker's statement started before the first worker's claim
// committed: a locking SELECT re-checks, on the row's newest version, only
// its own conditions. When the state filter is in an unlocked WITH query
// that the locking one joins, the join condition still holds and the
// second worker takes the job again; when the locking query filters the
// state itself, the re-check fails and the row is skipped.
//
// gate() holds the second worker's statement, after its snapshot is
// taken, until the first worker's transaction ends: it waits for the
// advisory lock the first one holds.
func TestJoinLockEvidenceOnPostgreSQL(t *testing.T) {
	const stateInUnlockedCTE = `
WITH candidate AS (
  SELECT id, created_at FROM outbox WHERE status = 'pending' AND gate() ORDER BY created_at LIMIT 1
), picked AS (
  SELECT o.id FROM outbox AS o JOIN candidate ON candidate.id = o.id FOR UPDATE OF o SKIP LOCKED
)
UPDATE outbox AS o SET status = 'processing' FROM picked WHERE o.id = picked.id RETURNING o.id`
	const stateInLockingCTE = `
WITH candidate AS (
  SELECT id, created_at FROM outbox WHERE status = 'pending' AND gate() ORDER BY created_at LIMIT 1
), picked AS (
  SELECT o.id FROM outbox AS o JOIN candidate ON candidate.id = o.id WHERE o.status = 'pending' FOR UPDATE OF o SKIP LOCKED
)
UPDATE outbox AS o SET status = 'processing' FROM picked WHERE o.id = picked.id RETURNING o.id`
	const lockingCTE = `
WITH picked AS (
  SELECT id FROM outbox WHERE status = 'pending' AND gate() ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED
)
UPDATE outbox AS o SET status = 'processing' FROM picked WHERE o.id = picked.id RETURNING o.id`
	const lockingFromSubquery = `
SELECT c.id, k.name FROM (
  SELECT * FROM outbox WHERE status = 'pending' AND gate() ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED
) c JOIN kinds k ON k.id = c.kind_id`

	for _, c := range []struct {
		name, claim string
		takenTwice  bool
	}{
		{"state filter only in the unlocked WITH query: taken twice", stateInUnlockedCTE, true},
		{"locking WITH query re-checks the state: taken once", stateInLockingCTE, false},
		{"one locking WITH query with the state filter: taken once", lockingCTE, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, b := gatedWorkers(t)
			ctx := context.Background()
			txA := beginGate(t, a)
			var idA int64
			require.NoError(t, txA.QueryRow(ctx, c.claim).Scan(&idA))

			idsB := claimInBackground(t, b, c.claim)
			waitBlocked(t, txA)
			require.NoError(t, txA.Commit(ctx))
			ids := <-idsB
			if c.takenTwice {
				require.Equal(t, []int64{idA}, ids, "the second worker takes the job the first committed")
			} else {
				require.Empty(t, ids)
			}
		})
	}
	t.Run("a locking FROM subquery held in the transaction: taken once", func(t *testing.T) {
		a, b := gatedWorkers(t)
		ctx := context.Background()
		txA := beginGate(t, a)
		var idA int64
		require.NoError(t, txA.QueryRow(ctx, lockingFromSubquery).Scan(&idA, new(string)))
		// The first worker still holds the row; the second skips it.
		rows, err := b.Query(ctx, `SELECT c.id FROM (SELECT * FROM outbox WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED) c JOIN kinds k ON k.id = c.kind_id`)
		require.NoError(t, err)
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		require.NoError(t, err)
		require.Empty(t, ids)
		require.NoError(t, txA.Commit(ctx))
	})
}

// gatedWorkers creates the outbox with one pending row and the gate, and
// returns two connections to it.
func gatedWorkers(t *testing.T) (*pgx.Conn, *pgx.Conn) {
	conns := pgtest.Sessions(t, 2)
	pgtest.Exec(t, conns[0], `
CREATE TABLE kinds (id int PRIMARY KEY, name text NOT NULL);
INSERT INTO kinds VALUES (1, 'mail');
CREATE TABLE outbox (id bigint PRIMARY KEY, kind_id int NOT NULL REFERENCES kinds, status text NOT NULL DEFAULT 'pending', created_at timestamptz NOT NULL DEFAULT now());
INSERT INTO outbox (id, kind_id) VALUES (1, 1);
CREATE FUNCTION gate() RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$ BEGIN PERFORM pg_advisory_xact_lock_shared(42); RETURN true; END $$;`)
	return conns[0], conns[1]
}

// beginGate begins the first worker's transaction holding the gate shut.
func beginGate(t *testing.T, conn *pgx.Conn) pgx.Tx {
	ctx := context.Background()
	tx, err := conn.Begin(ctx)
	require.NoError(t, err)
	t.Cleanup(func() { tx.Rollback(ctx) })
	_, err = tx.Exec(ctx, `SELECT pg_advisory_xact_lock(42)`)
	require.NoError(t, err)
	return tx
}

// claimInBackground runs a claim on conn and sends the ids it returned.
func claimInBackground(t *testing.T, conn *pgx.Conn, claim string) <-chan []int64 {
	out := make(chan []int64, 1)
	go func() {
		defer close(out)
		rows, err := conn.Query(context.Background(), claim)
		if err != nil {
			t.Error(err)
			return
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			t.Error(err)
		}
		out <- ids
	}()
	return out
}

// waitBlocked waits until another session waits for the advisory lock.
func waitBlocked(t *testing.T, conn pgx.Tx) {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var n int
		require.NoError(t, conn.QueryRow(context.Background(),
			`SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`).Scan(&n))
		if n > 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the second worker never reached the gate")
}
