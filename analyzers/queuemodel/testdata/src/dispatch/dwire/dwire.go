package dwire // want package:"queues\\(public.jobs\\)" package:`implements\(dpg.store.Take implements dq.Store, dq.Noop.Take implements dq.Store\)`

// Package dwire imports the implementation and re-exports what it knows
// of implementations to its importers.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"dispatch/dpg"
	"dispatch/dworker"
)

func Start(ctx context.Context, pool *pgxpool.Pool) { // want Start:"calls dq.Store.Take in a loop"
	dworker.Loop(ctx, dpg.New(pool))
}
