// Command churn measures what the jobs table's autovacuum settings
// (migration 0004) do for the claim on a table that keeps its finished
// jobs. For each of two databases on one throwaway PostgreSQL 15, one at
// the server's autovacuum defaults (migrated down to 0003) and one with
// the migration's settings, it adds -finished finished jobs (then VACUUM
// ANALYZE: the steady state of a table that keeps 90 days), and runs
// -churn jobs through a worker, enqueued in batches as the worker takes
// them. Every -every jobs it prints the claim's latency (the median of 21
// runs of the claim's SELECT ... FOR UPDATE SKIP LOCKED, rolled back), the
// size of the poll's partial index, the dead tuples and the autovacuum runs
// so far.
//
// Time is compressed: the churn runs thousands of jobs a second instead of
// one, so autovacuum's naptime is cut from 1 minute to 1 second
// (-naptime) to keep its checks as frequent relative to the churn.
//
//	go run ./reference/cmd/churn -finished 1000000 -churn 120000
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/jobqlint/jobqlint/internal/pgserver"
	"github.com/jobqlint/jobqlint/reference/queue"
)

type noop struct{}

func (noop) Kind() string { return "noop" }

func main() {
	finished := flag.Int("finished", 1_000_000, "finished jobs kept in the table")
	churn := flag.Int("churn", 120_000, "jobs run through the queue")
	every := flag.Int("every", 20_000, "print a sample every this many jobs")
	naptime := flag.String("naptime", "1s", "autovacuum_naptime")
	flag.Parse()
	if err := run(*finished, *churn, *every, *naptime); err != nil {
		fmt.Fprintln(os.Stderr, "churn:", err)
		os.Exit(1)
	}
}

func run(finished, churn, every int, naptime string) error {
	// Interrupted, the worker drains and the server is removed.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	server, err := pgserver.Start(pgserver.Options{Settings: map[string]string{"autovacuum_naptime": naptime}})
	if err != nil {
		return err
	}
	defer server.Stop()
	fmt.Printf("churn: %d finished jobs kept, %d jobs run, autovacuum_naptime %s\n", finished, churn, naptime)
	for _, tuned := range []bool{false, true} {
		name := map[bool]string{false: "defaults", true: "tuned"}[tuned]
		dsn, err := server.CreateDatabase(ctx, name)
		if err != nil {
			return err
		}
		if err := measure(ctx, dsn, name, tuned, finished, churn, every); err != nil {
			return err
		}
	}
	return nil
}

func measure(ctx context.Context, dsn, name string, tuned bool, finished, churn, every int) error {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := queue.Migrate(ctx, pool); err != nil {
		return err
	}
	if !tuned {
		if err := queue.MigrateDown(ctx, pool, 3); err != nil {
			return err
		}
	}
	_, err = pool.Exec(ctx, `
		INSERT INTO jobs (kind, state, attempts, run_at, created_at, finished_at)
		SELECT 'noop', 'succeeded', 1, t, t, t
		FROM (SELECT now() - random() * interval '90 days' AS t FROM generate_series(1, $1)) AS g`, finished)
	if err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE jobs`); err != nil {
		return err
	}

	h := queue.NewHandlers()
	queue.Handle(h, func(ctx context.Context, job *queue.Job, args noop) error { return nil })
	workCtx, stop := context.WithCancel(ctx)
	defer stop()
	done := make(chan error, 1)
	go func() {
		done <- queue.NewWorker(pool, h, queue.Config{Concurrency: 16, PollInterval: 10 * time.Millisecond, Retention: -1}).Run(workCtx)
	}()

	fmt.Printf("\n%s:\n%8s %12s %14s %10s %12s\n", name, "jobs", "claim (ms)", "poll index", "dead", "autovacuums")
	if err := sample(ctx, pool, 0); err != nil {
		return err
	}
	const batch = 500
	for ran := 0; ran < churn; {
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			jobs := make([]queue.Insert, batch)
			for i := range jobs {
				jobs[i] = queue.Insert{Args: noop{}}
			}
			_, err := queue.EnqueueMany(ctx, tx, jobs)
			return err
		})
		if err != nil {
			return err
		}
		for {
			var left int
			if err := pool.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE state IN ('available', 'running')`).Scan(&left); err != nil {
				return err
			}
			if left < batch/5 {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		ran += batch
		if ran%every == 0 {
			if err := sample(ctx, pool, ran); err != nil {
				return err
			}
		}
	}
	stop()
	return <-done
}

// sample prints the claim's latency and the table's state after ran jobs.
func sample(ctx context.Context, pool *pgxpool.Pool, ran int) error {
	var times []time.Duration
	for range 21 {
		tx, err := pool.Begin(ctx)
		if err != nil {
			return err
		}
		start := time.Now()
		rows, err := tx.Query(ctx, `
			SELECT id FROM jobs
			WHERE state = 'available' AND queue = 'default' AND run_at <= now()
			ORDER BY run_at, id
			LIMIT 16
			FOR UPDATE SKIP LOCKED`)
		if err == nil {
			_, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		}
		times = append(times, time.Since(start))
		tx.Rollback(ctx)
		if err != nil {
			return err
		}
	}
	slices.Sort(times)
	var size string
	var dead, vacuums int64
	err := pool.QueryRow(ctx, `
		SELECT pg_size_pretty(pg_relation_size('jobs_available')), n_dead_tup, autovacuum_count
		FROM pg_stat_user_tables WHERE relname = 'jobs'`).Scan(&size, &dead, &vacuums)
	if err != nil {
		return err
	}
	fmt.Printf("%8d %12.2f %14s %10d %12d\n", ran, float64(times[len(times)/2].Microseconds())/1000, size, dead, vacuums)
	return nil
}
