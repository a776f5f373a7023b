// The same relay with the poll in a transaction: begun on the Client and
// used through WithTx, or held by a wrapper whose statements run on a
// transaction. A wrapper whose Query picks its handle at run time is not
// known to be a pool, and nothing is said about it.
package ok_autocommit_wrapped

import (
	"context"

	"acclient"
	"acsqlc"
)

func Once(ctx context.Context, c *acclient.Client, publish func(context.Context, string, []byte) error) error {
	tx, err := c.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := acsqlc.New(c).WithTx(tx)
	events, err := q.PendingEvents(ctx, 100)
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
	return tx.Commit(ctx)
}

func OnTx(ctx context.Context, c acclient.TxClient, publish func(context.Context, string, []byte) error) error {
	q := acsqlc.New(c)
	events, err := q.PendingEvents(ctx, 10)
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

func OnLogged(ctx context.Context, c *acclient.Logged, publish func(context.Context, string, []byte) error) error {
	q := acsqlc.New(c)
	events, err := q.PendingEvents(ctx, 10)
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
