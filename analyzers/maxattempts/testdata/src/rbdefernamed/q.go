// A deferred closure ends the transaction by the function's named error:
// rolled back when it is set, committed otherwise. The handler's error,
// returned (as it is, or wrapped), rolls back the claim with nothing
// recorded.
package rbdefernamed

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler interface {
	Handle(ctx context.Context, payload []byte) error
}

type Worker struct {
	pool *pgxpool.Pool
	h    Handler
}

func (w *Worker) process(ctx context.Context) (err error) {
	tx, err := w.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback(ctx)
			return
		}
		err = tx.Commit(ctx)
	}()
	var id int64
	var payload []byte
	if err = tx.QueryRow(ctx, `SELECT id, payload FROM tasks WHERE done = false ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	}
	if err = w.h.Handle(ctx, payload); err != nil {
		return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
	}
	_, err = tx.Exec(ctx, `UPDATE tasks SET done = true WHERE id = $1`, id)
	return err
}

func (w *Worker) processWrapped(ctx context.Context) (err error) {
	tx, err := w.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() {
		if err == nil {
			err = tx.Commit(ctx)
			return
		}
		_ = tx.Rollback(ctx)
	}()
	var id int64
	var payload []byte
	if err = tx.QueryRow(ctx, `SELECT id, payload FROM tasks WHERE done = false ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		return err
	}
	if herr := w.h.Handle(ctx, payload); herr != nil {
		return fmt.Errorf("task %d: %w", id, herr) // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
	}
	_, err = tx.Exec(ctx, `UPDATE tasks SET done = true WHERE id = $1`, id)
	return err
}

func (w *Worker) Start(ctx context.Context, n int) {
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				_ = w.process(ctx)
				_ = w.processWrapped(ctx)
			}
		}()
	}
	wg.Wait()
}
