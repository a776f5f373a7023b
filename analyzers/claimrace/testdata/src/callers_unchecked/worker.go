// pg_try_advisory_xact_lock says whether it got the lock; these callers
// run the claim whatever it says, or take the lock on one path only.
package callers_unchecked

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5"

	"callersdb"
)

func Claim(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	qtx := q.WithTx(tx)
	if _, err := qtx.TryLockQueue(ctx, queue); err != nil {
		return 0, err
	}
	return qtx.ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
}

func ClaimLogged(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	qtx := q.WithTx(tx)
	acquired, err := qtx.TryLockQueue(ctx, queue)
	if err != nil {
		return 0, err
	}
	log.Printf("queue %s locked: %v", queue, acquired)
	return qtx.ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
}

func ClaimSometimes(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string, fifo bool) (int64, error) {
	qtx := q.WithTx(tx)
	if fifo {
		if err := qtx.LockQueue(ctx, queue); err != nil {
			return 0, err
		}
	}
	return qtx.ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
}

func ClaimWarned(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	qtx := q.WithTx(tx)
	acquired, err := qtx.TryLockQueue(ctx, queue)
	if err != nil {
		return 0, err
	}
	if !acquired {
		log.Printf("queue %s is busy", queue)
	}
	return qtx.ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
}

func ClaimQuiet(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	qtx := q.WithTx(tx)
	if err := qtx.TryLockQueueQuiet(ctx, queue); err != nil {
		return 0, err
	}
	return qtx.ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
}

func ClaimEither(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string, force bool) (int64, error) {
	qtx := q.WithTx(tx)
	acquired, err := qtx.TryLockQueue(ctx, queue)
	if err != nil {
		return 0, err
	}
	if acquired || force {
		return qtx.ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
	}
	return 0, nil
}

func warnBusy(queue string) { log.Printf("queue %s is busy", queue) }

// A helper that only logs does not leave the function.
func ClaimWarnedByHelper(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	qtx := q.WithTx(tx)
	acquired, err := qtx.TryLockQueue(ctx, queue)
	if err != nil {
		return 0, err
	}
	if !acquired {
		warnBusy(queue)
	}
	return qtx.ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
}

// The lock is the last statement of one case: the other modes claim
// without it.
func ClaimLockedInOneMode(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, mode, queue string) (int64, error) {
	qtx := q.WithTx(tx)
	var err error
	switch mode {
	case "fifo":
		err = qtx.LockQueue(ctx, queue)
	}
	if err != nil {
		return 0, err
	}
	return qtx.ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
}
