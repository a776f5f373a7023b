package main

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/jobqlint/jobqlint/internal/pgserver"
	"github.com/jobqlint/jobqlint/reference/queue"
)

// enqueuers is how many goroutines commit one-job transactions at once.
const enqueuers = 16

// enqueueRates prints the rate of one-job enqueue transactions from 16
// goroutines on the reference queue's schema: with its wake-up, without any
// wake-up (the same row, inserted directly), and with a NOTIFY in every
// transaction, as the trigger it used to have sent. A transaction that has
// sent NOTIFY takes a database-wide lock at commit, held through the WAL
// flush.
func enqueueRates(ctx context.Context, server *pgserver.Server, o options) error {
	variants := []struct {
		name    string
		enqueue func(ctx context.Context, tx pgx.Tx) error
	}{
		{"reference (wake-up at most every 20 ms)", func(ctx context.Context, tx pgx.Tx) error {
			_, err := queue.Enqueue(ctx, tx, noop{}, queue.EnqueueOptions{})
			return err
		}},
		{"no wake-up", func(ctx context.Context, tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO jobs (queue, kind, payload) VALUES ('default', 'noop', '{}')`)
			return err
		}},
		{"NOTIFY in every transaction", func(ctx context.Context, tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO jobs (queue, kind, payload) VALUES ('default', 'noop', '{}')`); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `SELECT pg_notify('jobs_available', 'default')`)
			return err
		}},
	}
	fmt.Printf("enqueue, %d goroutines committing one-job transactions for %v:\n", enqueuers, o.enqueueFor)
	for _, v := range variants {
		pool, err := freshDB(ctx, server, reference{}, options{poolSize: enqueuers})
		if err != nil {
			return err
		}
		rate, err := enqueueRate(ctx, pool, o.enqueueFor, v.enqueue)
		pool.Close()
		if err != nil {
			return fmt.Errorf("enqueue rate, %s: %w", v.name, err)
		}
		fmt.Printf("  %-42s %8.0f tx/s\n", v.name, rate)
	}
	return nil
}

func enqueueRate(ctx context.Context, pool *pgxpool.Pool, d time.Duration, enqueue func(context.Context, pgx.Tx) error) (float64, error) {
	var committed atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, enqueuers)
	start := time.Now()
	for range enqueuers {
		wg.Go(func() {
			for time.Since(start) < d {
				if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return enqueue(ctx, tx) }); err != nil {
					errs <- err
					return
				}
				committed.Add(1)
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return 0, err
	}
	return float64(committed.Load()) / time.Since(start).Seconds(), nil
}
