package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/jobqlint/jobqlint/reference/queue"
)

// noop is the chaos job: its handler records that it ran, and by whom.
type noop struct {
	N int `json:"n"`
}

func (noop) Kind() string { return "noop" }

// runsTable records every run of every job: the evidence for "ran more than
// once". The row is committed before the handler returns, so a run whose
// worker is killed afterwards still counts.
const runsTable = `
CREATE TABLE IF NOT EXISTS chaos_runs (
    job_id bigint      NOT NULL,
    pid    integer     NOT NULL,
    attempt integer    NOT NULL,
    ran_at timestamptz NOT NULL DEFAULT now()
)`

// runWorker is one worker process: the reference queue's worker with a
// short lease, logging each recorded outcome as JSON on stdout for the
// controller.
func runWorker(dsn string, o options) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return err
	}
	defer pool.Close()

	pid := os.Getpid()
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelDebug})).With("pid", pid)
	var mu sync.Mutex
	running := map[int64]bool{} // the jobs whose handler runs now, in this process
	handlers := queue.NewHandlers()
	queue.Handle(handlers, func(ctx context.Context, job *queue.Job, args noop) error {
		mu.Lock()
		twice := running[job.ID]
		running[job.ID] = true
		mu.Unlock()
		if twice {
			log.Error("a job runs twice at once in this worker", "overlap", true, "job", job.ID)
		} else {
			defer func() { mu.Lock(); delete(running, job.ID); mu.Unlock() }()
		}
		if _, err := pool.Exec(ctx, `INSERT INTO chaos_runs (job_id, pid, attempt) VALUES ($1, $2, $3)`, job.ID, pid, job.Attempt); err != nil {
			return err
		}
		if o.stubborn && args.N%200 == 0 {
			// Stuck for one and a half leases in a query that ignores ctx,
			// holding one of the pool's connections.
			_, err := pool.Exec(context.Background(), `SELECT pg_sleep($1::float8)`, (o.lease * 3 / 2).Seconds())
			return err
		}
		time.Sleep(o.handlerTime) // this ignores ctx too, briefly
		return nil
	})
	w := queue.NewWorker(pool, handlers, queue.Config{
		Concurrency:     o.concurrency,
		Lease:           o.lease,
		PollInterval:    100 * time.Millisecond,
		ReclaimInterval: o.lease / 4,
		Grace:           5 * time.Second,
		Backoff:         queue.Backoff{Base: 10 * time.Millisecond, Max: 100 * time.Millisecond},
		Logger:          log,
	})
	return w.Run(ctx)
}
