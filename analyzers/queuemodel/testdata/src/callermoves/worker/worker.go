package worker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"callermoves"
)

const (
	pending = "pending"
	running = "running"
)

func Submit(ctx context.Context, pool *pgxpool.Pool, payload []byte) error {
	return callermoves.Enqueue(ctx, pool, payload, pending)
}

func Run(ctx context.Context, pool *pgxpool.Pool, id int64, work func(int64) error) error {
	ok, err := callermoves.Move(ctx, pool, id, pending, running)
	if err != nil || !ok {
		return err
	}
	if err := work(id); err != nil {
		callermoves.Note(ctx, pool, id, "work failed")
		_, err = callermoves.Move(ctx, pool, id, running, "failed")
		return err
	}
	_, err = callermoves.Move(ctx, pool, id, running, "done")
	return err
}
