// A client with two ways to take messages: Reserve leases them (and
// Vacuum takes expired leases back), Pop takes them and marks them done
// in one statement, at most once. A popped message is finished the moment
// it is taken: there is no work in progress to lease.
package ok_popdone

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type State string

const (
	New        State = "new"
	InProgress State = "in-progress"
	Done       State = "done"
)

type Client struct{ pool *pgxpool.Pool }

func (c *Client) Reserve(ctx context.Context, queue string) (id int64, err error) {
	err = c.pool.QueryRow(ctx, `UPDATE messages SET state = $1, leased_until = now() + interval '1 minute', deliveries = deliveries + 1
		WHERE id = (SELECT id FROM messages WHERE queue = $2 AND state = $3 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, InProgress, queue, New).Scan(&id)
	return id, err
}

func (c *Client) Pop(ctx context.Context, queue string) (content []byte, err error) {
	err = c.pool.QueryRow(ctx, `UPDATE messages SET state = $1, deliveries = deliveries + 1
		WHERE id = (SELECT id FROM messages WHERE queue = $2 AND state = $3 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING content`, Done, queue, New).Scan(&content)
	return content, err
}

func (c *Client) Vacuum(ctx context.Context) error {
	if _, err := c.pool.Exec(ctx, `UPDATE messages SET state = $1, leased_until = NULL WHERE state = $2 AND leased_until < now()`, New, InProgress); err != nil {
		return err
	}
	_, err := c.pool.Exec(ctx, `DELETE FROM messages WHERE state = $1`, Done)
	return err
}
