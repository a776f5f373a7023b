package queue_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/jobqlint/jobqlint/reference/queue"
)

// SendWelcome is a job's arguments: JSON-encodable, naming its kind.
type SendWelcome struct {
	To string `json:"to"`
}

func (SendWelcome) Kind() string { return "send_welcome" }

// Enqueue in the caller's transaction: the job exists if and only if the
// order it belongs to is committed.
func ExampleEnqueue() {
	ctx := context.Background()
	pool := queue.DatabaseForExamples()
	defer pool.Close()
	_, err := pool.Exec(ctx, `CREATE TABLE orders (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, email text NOT NULL)`)
	if err != nil {
		panic(err)
	}

	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var order int64
		if err := tx.QueryRow(ctx, `INSERT INTO orders (email) VALUES ($1) RETURNING id`, "ann@example.com").Scan(&order); err != nil {
			return err
		}
		job, err := queue.Enqueue(ctx, tx, SendWelcome{To: "ann@example.com"}, queue.EnqueueOptions{MaxAttempts: 5})
		if err != nil {
			return err
		}
		fmt.Printf("order %d and job %d, committed together\n", order, job)
		return nil
	})
	if err != nil {
		panic(err)
	}
	// Output: order 1 and job 1, committed together
}

// A typed handler gets the job's arguments decoded once, as their own type.
// Its error fails the attempt (retried with backoff); wrapping
// queue.ErrPermanent fails the job at once. Job.Token identifies the claim:
// pass it downstream as the idempotency key.
func ExampleHandle() {
	ctx := context.Background()
	pool := queue.DatabaseForExamples()
	defer pool.Close()
	enqueue(ctx, pool, SendWelcome{To: "ann@example.com"})

	done := make(chan struct{})
	handlers := queue.NewHandlers()
	queue.Handle(handlers, func(ctx context.Context, job *queue.Job, args SendWelcome) error {
		defer close(done)
		if args.To == "" {
			return fmt.Errorf("no recipient: %w", queue.ErrPermanent)
		}
		fmt.Printf("welcome to %s (attempt %d, idempotency key is the claim's token: %t)\n", args.To, job.Attempt, job.Token != "")
		return nil
	})
	runUntil(ctx, pool, handlers, done)
	// Output: welcome to ann@example.com (attempt 1, idempotency key is the claim's token: true)
}

// A worker runs until its context is cancelled (by SIGTERM, with
// signal.NotifyContext), then stops claiming, lets the jobs in hand finish
// within Grace, cancels them, and returns after at most StopTimeout more.
func ExampleWorker_Run() {
	ctx := context.Background()
	pool := queue.DatabaseForExamples()
	defer pool.Close()
	enqueue(ctx, pool, SendWelcome{To: "ann@example.com"})

	// In a command: runCtx, stop := signal.NotifyContext(ctx, syscall.SIGTERM).
	// Here the handler plays SIGTERM, arriving while its job runs.
	runCtx, sigterm := context.WithCancel(ctx)
	defer sigterm()
	handlers := queue.NewHandlers()
	queue.Handle(handlers, func(ctx context.Context, job *queue.Job, args SendWelcome) error {
		sigterm()
		fmt.Println("sending to", args.To)
		return nil
	})
	w := queue.NewWorker(pool, handlers, queue.Config{
		Concurrency: 4,
		Grace:       10 * time.Second,
		StopTimeout: 5 * time.Second,
	})
	err := w.Run(runCtx)
	fmt.Println("stopped:", err)

	var state string
	if err := pool.QueryRow(ctx, `SELECT state FROM jobs`).Scan(&state); err != nil {
		panic(err)
	}
	fmt.Println("job", state)
	// Output:
	// sending to ann@example.com
	// stopped: <nil>
	// job succeeded
}

func enqueue(ctx context.Context, pool *pgxpool.Pool, args queue.Args) {
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := queue.Enqueue(ctx, tx, args, queue.EnqueueOptions{})
		return err
	})
	if err != nil {
		panic(err)
	}
}

// runUntil runs a worker until done is closed.
func runUntil(ctx context.Context, pool *pgxpool.Pool, handlers *queue.Handlers, done <-chan struct{}) {
	ctx, cancel := context.WithCancel(ctx)
	go func() { <-done; cancel() }()
	if err := queue.NewWorker(pool, handlers, queue.Config{}).Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		panic(err)
	}
}
