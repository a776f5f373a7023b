package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/jobqlint/jobqlint/reference/queue"
)

// noop is the benchmark job for both queues: it carries its enqueue time.
type noop struct {
	EnqueuedAt int64 `json:"enqueued_at"`
}

func (noop) Kind() string { return "noop" }

var quiet = slog.New(slog.DiscardHandler)

// reference is jobqlint's reference queue.
type reference struct{}

func (reference) name() string { return "reference" }

func (reference) migrate(ctx context.Context, pool *pgxpool.Pool) error {
	return queue.Migrate(ctx, pool)
}

func (reference) enqueue(ctx context.Context, pool *pgxpool.Pool, n int, at time.Time) error {
	jobs := make([]queue.Insert, n)
	for i := range jobs {
		jobs[i] = queue.Insert{Args: noop{EnqueuedAt: at.UnixNano()}}
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := queue.EnqueueMany(ctx, tx, jobs)
		return err
	})
}

func (reference) start(ctx context.Context, pool *pgxpool.Pool, concurrency int, ran func(int64)) (func(), error) {
	h := queue.NewHandlers()
	queue.Handle(h, func(ctx context.Context, job *queue.Job, args noop) error {
		ran(args.EnqueuedAt)
		return nil
	})
	w := queue.NewWorker(pool, h, queue.Config{Concurrency: concurrency, Logger: quiet})
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	return func() { cancel(); <-done }, nil
}

func (reference) completed(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	var n int
	err := pool.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE state = 'succeeded'`).Scan(&n)
	return n, err
}

// riverQueue is River v0.51.2 on pgx v5: with its defaults, or with the
// shortest fetch cooldown it allows (its default, 100 ms between fetches,
// caps a queue near MaxWorkers jobs per 100 ms).
type riverQueue struct {
	fetchCooldown time.Duration // zero: River's default
}

func (r riverQueue) name() string {
	if r.fetchCooldown != 0 {
		return "river-1ms"
	}
	return "river"
}

func (riverQueue) migrate(ctx context.Context, pool *pgxpool.Pool) error {
	m, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return err
	}
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

// insertOnly is a client that only inserts (no queues, no workers).
func insertOnly(pool *pgxpool.Pool) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: quiet})
}

func (riverQueue) enqueue(ctx context.Context, pool *pgxpool.Pool, n int, at time.Time) error {
	client, err := insertOnly(pool)
	if err != nil {
		return err
	}
	params := make([]river.InsertManyParams, n)
	for i := range params {
		params[i] = river.InsertManyParams{Args: noop{EnqueuedAt: at.UnixNano()}}
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := client.InsertManyTx(ctx, tx, params)
		return err
	})
}

type riverWorker struct {
	river.WorkerDefaults[noop]
	ran func(int64)
}

func (w *riverWorker) Work(ctx context.Context, job *river.Job[noop]) error {
	w.ran(job.Args.EnqueuedAt)
	return nil
}

func (r riverQueue) start(ctx context.Context, pool *pgxpool.Pool, concurrency int, ran func(int64)) (func(), error) {
	workers := river.NewWorkers()
	river.AddWorker(workers, &riverWorker{ran: ran})
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger:        quiet,
		FetchCooldown: r.fetchCooldown,
		Queues:        map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: concurrency}},
		Workers:       workers,
	})
	if err != nil {
		return nil, err
	}
	if err := client.Start(ctx); err != nil {
		return nil, err
	}
	return func() { client.Stop(context.Background()) }, nil
}

func (riverQueue) completed(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	var n int
	err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE state = 'completed'`).Scan(&n)
	return n, err
}
