// Package callersdb is sqlc's shape: its queries run on what the caller
// gives them, a Queries made with New(pool) or q.WithTx(tx), or a DBTX
// argument. ClaimNext's subquery takes no lock, so whether it races is
// decided where it is called: this package reports nothing.
package callersdb

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	Query(context.Context, string, ...interface{}) (pgx.Rows, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

type Queries struct{ db DBTX }

func New(db DBTX) *Queries { return &Queries{db: db} }

func (q *Queries) WithTx(tx pgx.Tx) *Queries { return &Queries{db: tx} }

type Querier interface {
	ClaimNext(ctx context.Context, queue string) (int64, error)   // want ClaimNext:`pending claims\(db.go:48\)`
	LockQueue(ctx context.Context, queue string) error            // want LockQueue:`takes an xact lock on -1`
	TryLockQueue(ctx context.Context, queue string) (bool, error) // want TryLockQueue:`tries an xact lock on -1 \(result 0\)`
}

var _ Querier = (*Queries)(nil)

const enqueue = `-- name: Enqueue :exec
INSERT INTO jobs (queue, queue_id, status) VALUES ($1, $2, 'queued')`

func (q *Queries) Enqueue(ctx context.Context, queue string, queueID int64) error {
	_, err := q.db.Exec(ctx, enqueue, queue, queueID)
	return err
}

const claimNext = `-- name: ClaimNext :one
UPDATE jobs SET status = 'running'
WHERE id = (SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY id LIMIT 1)
RETURNING id`

func (q *Queries) ClaimNext(ctx context.Context, queue string) (int64, error) { // want ClaimNext:`pending claims\(db.go:48\)`
	row := q.db.QueryRow(ctx, claimNext, queue)
	var id int64
	err := row.Scan(&id)
	return id, err
}

const lockQueue = `-- name: LockQueue :exec
SELECT pg_advisory_xact_lock(hashtext($1))`

func (q *Queries) LockQueue(ctx context.Context, queue string) error { // want LockQueue:`takes an xact lock on -1`
	_, err := q.db.Exec(ctx, lockQueue, queue)
	return err
}

const tryLockQueue = `-- name: TryLockQueue :one
SELECT pg_try_advisory_xact_lock(hashtext($1)) AS acquired`

func (q *Queries) TryLockQueue(ctx context.Context, queue string) (bool, error) { // want TryLockQueue:`tries an xact lock on -1 \(result 0\)`
	row := q.db.QueryRow(ctx, tryLockQueue, queue)
	var acquired bool
	err := row.Scan(&acquired)
	return acquired, err
}

// TryLockQueueQuiet keeps whether it got the lock to itself: its callers
// cannot tell, and it serialises nothing for them.
func (q *Queries) TryLockQueueQuiet(ctx context.Context, queue string) error {
	var acquired bool
	return q.db.QueryRow(ctx, tryLockQueue, queue).Scan(&acquired)
}

// The same queries generated with emit_methods_with_db_argument: the
// database value is an argument.

const claimNextOn = `-- name: ClaimNextOn :exec
UPDATE jobs SET status = 'running'
WHERE id IN (SELECT id FROM jobs WHERE queue_id = $1 AND status = 'queued' ORDER BY id LIMIT $2)`

type ClaimNextOnParams struct {
	QueueID int64
	Max     int32
}

func (q *Queries) ClaimNextOn(ctx context.Context, db DBTX, arg ClaimNextOnParams) error { // want ClaimNextOn:`pending claims\(db.go:92\)`
	_, err := db.Exec(ctx, claimNextOn, arg.QueueID, arg.Max)
	return err
}

const tryLock = `-- name: TryLock :one
SELECT pg_try_advisory_xact_lock($1::bigint) AS "locked"`

func (q *Queries) TryLock(ctx context.Context, db DBTX, key int64) (bool, error) { // want TryLock:`tries an xact lock on 1 \(result 0\)`
	row := db.QueryRow(ctx, tryLock, key)
	var locked bool
	err := row.Scan(&locked)
	return locked, err
}
