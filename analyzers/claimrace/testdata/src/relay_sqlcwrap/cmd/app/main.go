package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"relay_sqlcwrap/relay"
)

type nop struct{}

func (nop) Publish(context.Context, string, []byte) error { return nil }

func main() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, "postgres://")
	if err != nil {
		panic(err)
	}
	relay.New(pool, nop{}).Run(ctx)
}
