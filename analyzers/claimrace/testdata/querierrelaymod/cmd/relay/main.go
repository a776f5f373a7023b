package main

import (
	"context"

	"example.com/querierrelay/relay"
	"example.com/querierrelay/store"
)

type printer struct{}

func (printer) Publish(ctx context.Context, payload []byte) error { return nil }

func main() {
	db, err := store.Open("")
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	if err := (store.Outbox{}).Append(ctx, db.Q(), []byte("{}")); err != nil {
		panic(err)
	}
	_ = relay.New(db, printer{}).Drain(ctx)
}
