// Every caller of callersdb's unlocked claim runs it after a
// transaction-scoped advisory lock on its queue, taken (and, when tried,
// checked) in the same transaction: one claimer per queue at a time, until
// the claim commits.
package ok_callers_locked

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"callersdb"
)

var errBusy = errors.New("another worker holds the queue")

// goqueue's shape: the claim runs through the Querier interface, given
// q.WithTx(tx) by the one function that calls the helper.
func ClaimFIFO(ctx context.Context, pool *pgxpool.Pool, q *callersdb.Queries, queue string) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	id, err := next(ctx, q.WithTx(tx), queue)
	if err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}

func next(ctx context.Context, q callersdb.Querier, queue string) (int64, error) {
	acquired, err := q.TryLockQueue(ctx, queue)
	if err != nil {
		return 0, err
	}
	if !acquired {
		return 0, errBusy
	}
	return q.ClaimNext(ctx, queue)
}

// hatchet's shape: the database value is an argument, the key an offset
// from what the claim picks by, and the claim runs only if the lock is held.
const lockBase = 1 << 40

type strategy struct{ QueueID int64 }

func ClaimOn(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, s *strategy) error {
	acquired, err := q.TryLock(ctx, tx, lockBase+s.QueueID)
	if err != nil {
		return err
	}
	if acquired {
		err = q.ClaimNextOn(ctx, tx, callersdb.ClaimNextOnParams{QueueID: s.QueueID, Max: 10})
	}
	return err
}

// A blocking lock needs no check.
func ClaimBlocking(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	qtx := q.WithTx(tx)
	if err := qtx.LockQueue(ctx, queue); err != nil {
		return 0, err
	}
	return qtx.ClaimNext(ctx, queue)
}

// The lock run as SQL on the transaction the Queries is made from.
func ClaimRawLock(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	var locked bool
	if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtext($1))`, queue).Scan(&locked); err != nil || !locked {
		return 0, err
	}
	return q.WithTx(tx).ClaimNext(ctx, queue)
}

// The claim runs only when the lock was got and nothing failed.
func ClaimIfLocked(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	qtx := q.WithTx(tx)
	acquired, err := qtx.TryLockQueue(ctx, queue)
	if err == nil && acquired {
		return qtx.ClaimNext(ctx, queue)
	}
	return 0, err
}

type session struct{ t pgx.Tx }

func (s *session) tx() pgx.Tx { return s.t }

// The transaction comes from a method the rule does not follow: it cannot
// tell the lock's value from the claim's, and says nothing.
func ClaimSession(ctx context.Context, s *session, q *callersdb.Queries, queue string) (int64, error) {
	if err := q.WithTx(s.tx()).LockQueue(ctx, queue); err != nil {
		return 0, err
	}
	return q.WithTx(s.tx()).ClaimNext(ctx, queue)
}

// The lock taken on the transaction itself, the claim through the Queries
// made from it once.
func ClaimLockedTx(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	queue = strings.ToLower(queue)
	var locked bool
	if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtext($1))`, queue).Scan(&locked); err != nil || !locked {
		return 0, err
	}
	qtx := q.WithTx(tx)
	return qtx.ClaimNext(ctx, queue)
}

// A worker that cannot get the lock it was promised gives up loudly.
func ClaimOrPanic(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	qtx := q.WithTx(tx)
	acquired, err := qtx.TryLockQueue(ctx, queue)
	if err != nil {
		return 0, err
	}
	if !acquired {
		panic("queue " + queue + " is locked by another worker")
	}
	return qtx.ClaimNext(ctx, queue)
}

// The lock and the claim inside the function pgx runs in the transaction.
func ClaimInTxFunc(ctx context.Context, pool *pgxpool.Pool, q *callersdb.Queries, queue string) (id int64, err error) {
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		qtx := q.WithTx(tx)
		if err := qtx.LockQueue(ctx, queue); err != nil {
			return err
		}
		id, err = qtx.ClaimNext(ctx, queue)
		return err
	})
	return id, err
}

// The lock and the claim in one case of a switch, the claim its last
// statement.
func ClaimByMode(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, mode, queue string) (id int64, err error) {
	qtx := q.WithTx(tx)
	switch mode {
	case "fifo":
		if err = qtx.LockQueue(ctx, queue); err != nil {
			return 0, err
		}
		id, err = qtx.ClaimNext(ctx, queue)
	default:
		err = errors.New("unknown mode " + mode)
	}
	return id, err
}
