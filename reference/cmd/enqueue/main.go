// Command enqueue is the enqueue example: in one transaction it creates a
// subscription and enqueues its welcome email and first charge, so either
// all three exist or none does.
//
//	enqueue -dsn postgres://... -email someone@example.com
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/jackc/pgx/v5"

	"github.com/jobqlint/jobqlint/reference/examplejobs"
	"github.com/jobqlint/jobqlint/reference/queue"
)

func main() {
	dsn := flag.String("dsn", os.Getenv("DATABASE_URL"), "PostgreSQL connection string [DATABASE_URL]")
	email := flag.String("email", "someone@example.com", "the subscriber's address")
	flag.Parse()
	if err := run(context.Background(), *dsn, *email); err != nil {
		fmt.Fprintln(os.Stderr, "enqueue:", err)
		os.Exit(1)
	}
}

// subscriptionsTable is the example application's own table.
const subscriptionsTable = `
CREATE TABLE IF NOT EXISTS subscriptions (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email      text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
)`

func run(ctx context.Context, dsn, email string) error {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, subscriptionsTable); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO subscriptions (email) VALUES ($1) RETURNING id`, email).Scan(&id); err != nil {
			return err
		}
		ids, err := queue.EnqueueMany(ctx, tx, []queue.Insert{
			{Args: examplejobs.SendEmail{To: email, Subject: "Welcome"}},
			{Args: examplejobs.ChargeSubscription{SubscriptionID: id, AmountCents: 900, IdempotencyKey: fmt.Sprintf("sub-%d-first", id)}},
		})
		if err != nil {
			return err
		}
		fmt.Printf("subscription %d: jobs %v\n", id, ids)
		return nil
	})
}
