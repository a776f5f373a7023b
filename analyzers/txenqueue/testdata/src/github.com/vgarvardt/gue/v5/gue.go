// Package gue is a stub of github.com/vgarvardt/gue/v5 for analysistest:
// the names and signatures txenqueue matches, with no behaviour.
package gue

import "context"

type Job struct {
	Type string
	Args []byte
}

type Tx interface{}

type Client struct{}

func (c *Client) Enqueue(ctx context.Context, j *Job) error                    { return nil }
func (c *Client) EnqueueTx(ctx context.Context, j *Job, tx Tx) error           { return nil }
func (c *Client) EnqueueBatch(ctx context.Context, jobs []*Job) error          { return nil }
func (c *Client) EnqueueBatchTx(ctx context.Context, jobs []*Job, tx Tx) error { return nil }
