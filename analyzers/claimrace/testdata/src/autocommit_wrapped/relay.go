// A relay that runs acsqlc's locked poll on a Client that forwards every
// statement to its pool: the locks end when the query returns, before the
// rows are published and marked.
package autocommit_wrapped

import (
	"context"

	"acclient"
	"acsqlc"
)

func Once(ctx context.Context, c *acclient.Client, publish func(context.Context, string, []byte) error) error {
	q := acsqlc.New(c)
	events, err := q.PendingEvents(ctx, 10) // want `PendingEvents's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns`
	if err != nil {
		return err
	}
	for _, e := range events {
		if err := publish(ctx, e.Topic, e.Body); err != nil {
			return err
		}
		if err := q.MarkSent(ctx, e.ID); err != nil {
			return err
		}
	}
	return nil
}
