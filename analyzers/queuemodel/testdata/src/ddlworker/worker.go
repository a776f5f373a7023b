package ddlworker // want package:`goddl\(CREATE TABLE IF NOT EXISTS {ddlstore.Queue.Table}` package:`queues\(public.{ddlstore.Queue.Table~[0-9a-f]+}\)`

// The worker counts the store's jobs through the same field, in another
// package: the same placeholder, and the store's DDL through its fact.

import (
	"context"

	"ddlstore"
)

func Pending(ctx context.Context, q *ddlstore.Queue) (n int, err error) {
	err = q.Pool.QueryRow(ctx, "SELECT count(*) FROM "+q.Table+" WHERE status = 'queued'").Scan(&n)
	return n, err
}
