// Package river is a stub of github.com/riverqueue/river for analysistest:
// the names and signatures txenqueue matches, with no behaviour.
package river

import "context"

type JobArgs interface{ Kind() string }

type InsertOpts struct{ Queue string }

type JobInsertResult struct{}

type InsertManyParams struct {
	Args       JobArgs
	InsertOpts *InsertOpts
}

type Client[TTx any] struct{}

func (c *Client[TTx]) Insert(ctx context.Context, args JobArgs, opts *InsertOpts) (*JobInsertResult, error) {
	return nil, nil
}

func (c *Client[TTx]) InsertTx(ctx context.Context, tx TTx, args JobArgs, opts *InsertOpts) (*JobInsertResult, error) {
	return nil, nil
}

func (c *Client[TTx]) InsertMany(ctx context.Context, params []InsertManyParams) ([]*JobInsertResult, error) {
	return nil, nil
}

func (c *Client[TTx]) InsertManyTx(ctx context.Context, tx TTx, params []InsertManyParams) ([]*JobInsertResult, error) {
	return nil, nil
}
