// Package queue stores a job's arguments as JSON: it marshals them itself.
package queue

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Client struct{ pool *pgxpool.Pool }

func (c *Client) Enqueue(ctx context.Context, kind string, args any) error {
	return c.insert(ctx, kind, args)
}

func (c *Client) insert(ctx context.Context, kind string, args any) error {
	payload, err := json.Marshal(args)
	if err != nil {
		return err
	}
	_, err = c.pool.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ($1, $2)`, kind, payload)
	return err
}
