package queue

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A handler error PostgreSQL cannot store as text (a NUL byte, invalid
// UTF-8: SQLSTATE 22021), or a huge one, is still recorded: sanitized and
// capped, the job fails as any failure does, and the real error is kept
// rather than "lease expired".
func TestUnstorableHandlerErrorsAreRecorded(t *testing.T) {
	_, pool := newDB(t)
	huge := strings.Repeat("x", 10<<20)
	errs := []error{errors.New("nul \x00 byte"), errors.New("bad \xff utf-8"), errors.New(huge)}
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error { return errs[args.N] })
	ids := enqueueNoops(t, pool, len(errs), EnqueueOptions{MaxAttempts: 1})
	runWorker(t, NewWorker(pool, h, fast(Config{Lease: steadyLease})))
	waitWithin(t, 30*time.Second, "every job to fail", func() bool { return countState(t, pool, "failed") == len(errs) })

	require.Equal(t, "nul \uFFFD byte", *getJob(t, pool, ids[0]).LastError)
	require.Equal(t, "bad \uFFFD utf-8", *getJob(t, pool, ids[1]).LastError)
	stored := *getJob(t, pool, ids[2]).LastError
	require.LessOrEqual(t, len(stored), maxErrorBytes)
	require.True(t, strings.HasPrefix(stored, "xxxxxxxx"), "%.40q", stored)
	require.True(t, strings.HasSuffix(stored, "[truncated from 10485760 bytes]"), "%.40q", stored[len(stored)-40:])
}

// Error text is cut on a character boundary and stays valid UTF-8.
func TestStoredErrorCutsOnACharacterBoundary(t *testing.T) {
	s := storedError(errors.New(strings.Repeat("é", maxErrorBytes)))
	require.LessOrEqual(t, len(s), maxErrorBytes)
	require.True(t, strings.HasPrefix(s, "éé"))
	require.True(t, strings.Contains(s, "é… [truncated"), "%q", s[len(s)-50:])
	require.Equal(t, "plain", storedError(errors.New("plain")))
}

// A job that takes its worker down (out of memory, a crash) comes back after
// the backoff of an ordinary failure, not at once to take down the next
// worker, and its error history keeps what happened on each attempt.
func TestReclaimBacksOffAndKeepsTheErrorHistory(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	b := Backoff{Base: 10 * time.Second, Max: 10 * time.Second}
	id := enqueueNoops(t, pool, 1, EnqueueOptions{})[0]

	first, err := claim(ctx, pool, DefaultQueue, 1, time.Minute, nil)
	require.NoError(t, err)
	require.Len(t, first, 1)
	require.NoError(t, fail(ctx, pool, first[0], errors.New("smtp timeout"), b))

	later := time.Now().Add(time.Minute) // past the first backoff
	second, err := claim(ctx, pool, DefaultQueue, 1, 50*time.Millisecond, &later)
	require.NoError(t, err)
	require.Len(t, second, 1)
	time.Sleep(100 * time.Millisecond) // the worker died: no renewal
	n, err := reclaim(ctx, pool, 10, b)
	require.NoError(t, err)
	require.EqualValues(t, 1, n)

	var delay time.Duration
	var history []struct {
		Attempt int    `json:"attempt"`
		Error   string `json:"error"`
	}
	require.NoError(t, pool.QueryRow(ctx, `
		SELECT (extract(epoch FROM run_at - now()) * 1e6)::bigint * 1000, errors FROM jobs WHERE id = $1`, id).Scan(&delay, &history))
	require.GreaterOrEqual(t, delay, 4*time.Second, "attempt 2 backs off base·2, capped at 10 s, times [0.5, 1)")
	require.Len(t, history, 2)
	require.Equal(t, 1, history[0].Attempt)
	require.Equal(t, "smtp timeout", history[0].Error)
	require.Equal(t, 2, history[1].Attempt)
	require.Contains(t, history[1].Error, "lease expired")
	job := getJob(t, pool, id)
	require.Equal(t, "available", job.State)
	require.Contains(t, *job.LastError, "lease expired")
}

// The completions and the heartbeat look their jobs up by primary key,
// whatever the planner's statistics say. Statistics taken while no job ran
// (here, and in the benchmark, right after a bulk enqueue) make the partial
// index of running jobs look empty; a plan that walked it would compare
// every job running anywhere with every job of the batch, and a batch of
// 600 completions took 600 ms in the benchmark. Generic plans (what a
// prepared statement settles on) and custom ones are both checked.
func TestBatchesDoNotScanEveryRunningJob(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	enqueueNoops(t, pool, 2000, EnqueueOptions{})
	_, err := pool.Exec(ctx, "ANALYZE jobs")
	require.NoError(t, err)
	running, err := claim(ctx, pool, DefaultQueue, 1000, time.Minute, nil)
	require.NoError(t, err)
	require.Len(t, running, 1000)
	batch := running[:300]
	ids, tokens := make([]string, len(batch)), make([]string, len(batch))
	for i, j := range batch {
		ids[i], tokens[i] = fmt.Sprint(j.ID), j.token
	}
	args := fmt.Sprintf("'{%s}', '{%s}'", strings.Join(ids, ","), strings.Join(tokens, ","))

	conn, err := pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	for name, stmt := range map[string]string{
		"completion": fmt.Sprintf("EXECUTE batch(%s)", args),
		"heartbeat":  fmt.Sprintf("EXECUTE batch(%s, 60000)", args),
	} {
		sql := map[string]string{"completion": completeSQL, "heartbeat": renewSQL}[name]
		for _, mode := range []string{"force_generic_plan", "force_custom_plan"} {
			tx, err := conn.Begin(ctx)
			require.NoError(t, err)
			_, err = tx.Exec(ctx, "SET LOCAL plan_cache_mode = "+mode)
			require.NoError(t, err)
			_, err = tx.Exec(ctx, "PREPARE batch AS "+sql)
			require.NoError(t, err)
			var plan []struct{ Plan planNode }
			require.NoError(t, tx.QueryRow(ctx, "EXPLAIN (ANALYZE, FORMAT JSON) "+stmt).Scan(&plan))
			require.NoError(t, tx.Rollback(ctx)) // the statement ran: undo it
			_, err = conn.Exec(ctx, "DEALLOCATE batch")
			require.NoError(t, err)

			// Each claim in the answer twice: acted on, and as the snapshot saw it.
			require.Equal(t, 2*len(batch), plan[0].Plan.ActualRows, "%s, %s: every job of the batch acted on", name, mode)
			removed, indexes := plan[0].Plan.walk()
			require.NotContains(t, indexes, "jobs_leased", "%s, %s", name, mode)
			require.Less(t, removed, len(batch), "%s, %s: rows compared and thrown away", name, mode)
		}
	}
}

// planNode is a node of EXPLAIN (ANALYZE, FORMAT JSON).
type planNode struct {
	IndexName   string     `json:"Index Name"`
	ActualRows  int        `json:"Actual Rows"`
	ActualLoops int        `json:"Actual Loops"`
	Removed     int        `json:"Rows Removed by Filter"`
	RemovedJoin int        `json:"Rows Removed by Join Filter"`
	Plans       []planNode `json:"Plans"`
}

// walk returns the rows the plan's filters threw away, over all loops, and
// the indexes it used.
func (n planNode) walk() (removed int, indexes []string) {
	removed = (n.Removed + n.RemovedJoin) * max(n.ActualLoops, 1)
	if n.IndexName != "" {
		indexes = append(indexes, n.IndexName)
	}
	for _, c := range n.Plans {
		r, ix := c.walk()
		removed += r
		indexes = append(indexes, ix...)
	}
	return removed, indexes
}
