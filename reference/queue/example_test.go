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
// queue.ErrPermanent fails the job at once.
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
		fmt.Printf("welcome to %s (attempt %d)\n", args.To, job.Attempt)
		return nil
	})
	runUntil(ctx, pool, handlers, done)
	// Output: welcome to ann@example.com (attempt 1)
}

// ChargeSubscription charges a subscription for one month.
type ChargeSubscription struct {
	SubscriptionID int64  `json:"subscription_id"`
	Month          string `json:"month"`
}

func (ChargeSubscription) Kind() string { return "charge_subscription" }

// A charge passes an idempotency key that is the same on every attempt of
// the job: when the provider charged but its answer timed out, the retry
// charges nothing more. Job.IdempotencyKey is built from the job's ID; a
// key derived from the arguments (the subscription and the month) also
// holds across databases and restored backups. (ID, Attempt) is the fence:
// the attempt grows with every claim.
func ExampleJob_IdempotencyKey() {
	ctx := context.Background()
	pool := queue.DatabaseForExamples()
	defer pool.Close()
	enqueue(ctx, pool, ChargeSubscription{SubscriptionID: 42, Month: "2026-12"})

	done := make(chan struct{})
	handlers := queue.NewHandlers()
	queue.Handle(handlers, func(ctx context.Context, job *queue.Job, args ChargeSubscription) error {
		key := job.IdempotencyKey() // or fmt.Sprintf("sub-%d-%s", args.SubscriptionID, args.Month)
		fmt.Printf("attempt %d: charge subscription %d, idempotency key %s\n", job.Attempt, args.SubscriptionID, key)
		if job.Attempt == 1 {
			return errors.New("provider: timeout") // it may have charged: retried with the same key
		}
		close(done)
		return nil
	})
	w := queue.NewWorker(pool, handlers, queue.Config{Backoff: queue.Backoff{Base: time.Millisecond, Max: time.Millisecond}})
	ctx, cancel := context.WithCancel(ctx)
	go func() { <-done; cancel() }()
	if err := w.Run(ctx); err != nil {
		panic(err)
	}
	// Output:
	// attempt 1: charge subscription 42, idempotency key job-1
	// attempt 2: charge subscription 42, idempotency key job-1
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
