// Command worker runs the reference queue's worker: it claims and runs jobs
// until SIGTERM or SIGINT, when it stops claiming and lets the jobs in hand
// finish within the grace period. With -migrate it first applies the
// migrations; -migrate-only applies them and exits (a deploy step). Without
// either, the schema is the deploy's business: a hundred workers starting at
// once should not each take the migration lock.
//
//	worker -dsn postgres://... -queue default -concurrency 10 [-migrate]
//
// Each flag can come from the environment: DATABASE_URL, QUEUE,
// CONCURRENCY, GRACE, MIGRATE (true or false).
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/jobqlint/jobqlint/reference/examplejobs"
	"github.com/jobqlint/jobqlint/reference/queue"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
}

func run() error {
	dsn := flag.String("dsn", os.Getenv("DATABASE_URL"), "PostgreSQL connection string [DATABASE_URL]")
	queueName := flag.String("queue", envOr("QUEUE", queue.DefaultQueue), "the queue to work [QUEUE]")
	concurrency := flag.Int("concurrency", envInt("CONCURRENCY", 10), "jobs run at once [CONCURRENCY]")
	grace := flag.Duration("grace", envDuration("GRACE", 30*time.Second), "how long jobs in hand may finish after SIGTERM [GRACE]")
	migrate := flag.Bool("migrate", envBool("MIGRATE"), "apply the queue's migrations before starting [MIGRATE]")
	migrateOnly := flag.Bool("migrate-only", false, "apply the queue's migrations and exit")
	flag.Parse()
	if *dsn == "" {
		return fmt.Errorf("no database: set -dsn or DATABASE_URL")
	}

	// SIGTERM (a deploy) and SIGINT cancel ctx: the worker stops claiming
	// and drains.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()

	pool, err := pgxpool.New(ctx, *dsn)
	if err != nil {
		return err
	}
	defer pool.Close()
	if *migrate || *migrateOnly {
		if err := queue.Migrate(ctx, pool); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		slog.Info("migrations applied")
		if *migrateOnly {
			return nil
		}
	}

	handlers := queue.NewHandlers()
	examplejobs.Register(handlers, slog.Default())
	w := queue.NewWorker(pool, handlers, queue.Config{
		Queue:       *queueName,
		Concurrency: *concurrency,
		Grace:       *grace,
	})
	slog.Info("worker started", "queue", *queueName, "concurrency", *concurrency)
	err = w.Run(ctx)
	slog.Info("worker stopped")
	return err
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

func envBool(name string) bool {
	b, _ := strconv.ParseBool(os.Getenv(name))
	return b
}

func envDuration(name string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil {
		return d
	}
	return def
}
