package copyenqueue // want package:"queues\\(public.\\{copyenqueue.Client.table~[0-9a-f]+\\}\\)"

// A queue whose producer bulk-inserts through pgx's copy protocol, behind
// a wrapper of its own; the table is named by a field. The copy is the
// enqueue: messages are created 'new', so the vacuum that puts expired
// leases back to 'new' is a reclaim, not a claim.

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type State string

const (
	New        State = "new"
	InProgress State = "in_progress"
	Done       State = "done"
)

type Client struct {
	pool  *pgxpool.Pool
	table string
}

func NewClient(pool *pgxpool.Pool) *Client { return &Client{pool: pool, table: "messages"} }

// quiet wraps the pool the way a module wraps a connection.
type quiet struct{ pool *pgxpool.Pool }

func (q quiet) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return q.pool.CopyFrom(ctx, tableName, columnNames, rowSrc)
}

func (c *Client) Push(ctx context.Context, queue string, contents [][]byte) error {
	_, err := quiet{c.pool}.CopyFrom(ctx,
		pgx.Identifier{c.table},
		[]string{"queue", "state", "content"},
		pgx.CopyFromSlice(len(contents), func(i int) ([]any, error) {
			return []any{queue, New, contents[i]}, nil
		}))
	return err
}

func (c *Client) Reserve(ctx context.Context, queue string, lease time.Duration) (int64, error) { // want Reserve:"claims jobs"
	var id int64
	err := c.pool.QueryRow(ctx, `UPDATE `+pgx.Identifier{c.table}.Sanitize()+`
		SET state = $1, leased_until = now() + $2::interval
		WHERE id = (SELECT id FROM `+pgx.Identifier{c.table}.Sanitize()+`
			WHERE queue = $3 AND state = $4 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, InProgress, lease.String(), queue, New).Scan(&id)
	return id, err
}

func (c *Client) Vacuum(ctx context.Context) error {
	_, err := c.pool.Exec(ctx, `UPDATE `+pgx.Identifier{c.table}.Sanitize()+`
		SET state = $1 WHERE state = $2 AND leased_until < now()`, New, InProgress)
	return err
}

func (c *Client) Done(ctx context.Context, id int64) error { // want Done:"completes jobs, writes outcomes"
	_, err := c.pool.Exec(ctx, `UPDATE `+pgx.Identifier{c.table}.Sanitize()+` SET state = $1 WHERE id = $2`, Done, id)
	return err
}
