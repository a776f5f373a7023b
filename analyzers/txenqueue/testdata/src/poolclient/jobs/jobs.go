// Package jobs is a queue client that holds its own pool.
package jobs

import (
	"context"
	"database/sql"
)

type Client struct{ DB *sql.DB }

// Enqueue inserts a job on the client's pool.
func (c *Client) Enqueue(ctx context.Context, kind string) error {
	_, err := c.DB.ExecContext(ctx, `INSERT INTO jobs (kind) VALUES ($1)`, kind)
	return err
}

func (c *Client) Claim(ctx context.Context) (id int64, err error) {
	err = c.DB.QueryRowContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}
