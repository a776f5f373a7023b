package main

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_relay_sqlcwrap_listing/api"
)

type quiet struct{}

func (quiet) Notify(context.Context, int) error { return nil }

func main() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, "postgres://")
	if err != nil {
		panic(err)
	}
	a := api.New(pool, quiet{})
	_, _ = a.Pending(ctx)
	_, _ = a.Resolve(ctx, 1)
}
