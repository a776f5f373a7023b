package queue

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// newDB migrates a new database and returns its DSN and a pool on it.
func newDB(t *testing.T) (string, *pgxpool.Pool) {
	t.Helper()
	dsn := pgtest.DSN(t)
	return dsn, newPool(t, dsn)
}

func newPool(t *testing.T, dsn string) *pgxpool.Pool {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), dsn)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	require.NoError(t, Migrate(context.Background(), pool))
	return pool
}

type noop struct {
	N int `json:"n"`
}

func (noop) Kind() string { return "noop" }

// enqueueNoops commits n noop jobs and returns their IDs.
func enqueueNoops(t *testing.T, pool *pgxpool.Pool, n int, opts EnqueueOptions) []int64 {
	t.Helper()
	jobs := make([]Insert, n)
	for i := range jobs {
		jobs[i] = Insert{Args: noop{N: i}, Options: opts}
	}
	var ids []int64
	err := pgx.BeginFunc(context.Background(), pool, func(tx pgx.Tx) (err error) {
		ids, err = EnqueueMany(context.Background(), tx, jobs)
		return err
	})
	require.NoError(t, err)
	return ids
}

// runWorker runs w until the test ends or stop is called, and returns stop,
// which waits for Run to return.
func runWorker(t *testing.T, w *Worker) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			require.NoError(t, <-done)
		})
	}
	t.Cleanup(stop)
	return stop
}

// fast is a worker configuration for tests: short intervals, quiet logs.
// steadyLease is the lease of tests that need heartbeats to succeed: at
// Lease/6 per renewal call, a one-second lease gives the database 166 ms,
// which a loaded CI machine sometimes misses, and the worker then rightly
// cancels the job.
const steadyLease = 3 * time.Second

func fast(cfg Config) Config {
	if cfg.PollInterval == 0 {
		cfg.PollInterval = 50 * time.Millisecond
	}
	if cfg.ReclaimInterval == 0 {
		cfg.ReclaimInterval = 100 * time.Millisecond
	}
	if cfg.Backoff == (Backoff{}) {
		cfg.Backoff = Backoff{Base: time.Millisecond, Max: time.Millisecond}
	}
	return cfg
}

type jobRow struct {
	State     string
	Attempts  int
	LastError *string
	Token     *string
}

func getJob(t *testing.T, pool *pgxpool.Pool, id int64) jobRow {
	t.Helper()
	var r jobRow
	err := pool.QueryRow(context.Background(),
		`SELECT state, attempts, last_error, lease_token::text FROM jobs WHERE id = $1`, id).
		Scan(&r.State, &r.Attempts, &r.LastError, &r.Token)
	require.NoError(t, err)
	return r
}

// waitFor polls cond until it holds, failing the test after a minute.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	waitWithin(t, time.Minute, what, cond)
}

// waitWithin polls cond until it holds, failing the test after d.
func waitWithin(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func countState(t *testing.T, pool *pgxpool.Pool, state string) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT count(*) FROM jobs WHERE state = $1`, state).Scan(&n))
	return n
}
