package claimrace_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestOrClaimsOnPostgreSQL races the one-statement claims of or_states
// and ok_or_states, whose polls OR branches that each name the state, on
// PostgreSQL 15: B's UPDATE waits for A's, then takes the same job unless
// its outer WHERE re-checks the state (PostgreSQL re-evaluates it on the
// row A committed).
func TestOrClaimsOnPostgreSQL(t *testing.T) {
	const pick = `SELECT id FROM jobs WHERE (priority = 1 AND status = 'queued') OR (priority = 2 AND status = 'queued') ORDER BY priority, id LIMIT 1`
	const orRecheck = `((priority = 1 AND status = 'queued') OR (priority = 2 AND status = 'queued'))`
	race := func(t *testing.T, claim string) (idA int64, tookB bool) {
		ctx := context.Background()
		dsn := pgtest.DSN(t)
		conn := func() *pgx.Conn {
			c, err := pgx.Connect(ctx, dsn)
			require.NoError(t, err)
			t.Cleanup(func() { c.Close(ctx) })
			return c
		}
		a, b := conn(), conn()
		pgtest.Exec(t, a, `CREATE TABLE jobs (id bigserial PRIMARY KEY, priority int NOT NULL, status text NOT NULL DEFAULT 'queued');
			INSERT INTO jobs (priority) VALUES (1), (2), (2)`)
		txA, err := a.Begin(ctx)
		require.NoError(t, err)
		require.NoError(t, txA.QueryRow(ctx, claim).Scan(&idA))
		type result struct {
			id  int64
			err error
		}
		done := make(chan result, 1)
		go func() {
			var id int64
			err := b.QueryRow(ctx, claim).Scan(&id)
			done <- result{id, err}
		}()
		select {
		case r := <-done:
			t.Fatalf("B's UPDATE did not wait for A's row lock: %d, %v", r.id, r.err)
		case <-time.After(300 * time.Millisecond):
		}
		require.NoError(t, txA.Commit(ctx))
		r := <-done
		if r.err == pgx.ErrNoRows {
			return idA, false
		}
		require.NoError(t, r.err)
		require.Equal(t, idA, r.id, "B took some job: the same one A took")
		return idA, true
	}

	t.Run("no lock, no re-check: both take the job", func(t *testing.T) {
		_, tookB := race(t, `UPDATE jobs SET status = 'running' WHERE id = (`+pick+`) RETURNING id`)
		require.True(t, tookB)
	})
	t.Run("the OR re-checked in the outer WHERE: the second matches nothing", func(t *testing.T) {
		_, tookB := race(t, `UPDATE jobs SET status = 'running' WHERE id = (`+pick+`) AND `+orRecheck+` RETURNING id`)
		require.False(t, tookB)
	})
}
