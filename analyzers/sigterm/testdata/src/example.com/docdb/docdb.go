// Package docdb stands for a document database's client, a module the
// tool does not read.
package docdb

import "context"

type Client struct{}

type Doc map[string]any

func (c *Client) FindOneAndUpdate(ctx context.Context, filter, update Doc) (Doc, error) {
	return nil, nil
}

func (c *Client) UpdateOne(ctx context.Context, filter, update Doc) error { return nil }
