// Workers started in goroutines report a failure through a helper that
// passes the store's bool on; the helper's caller gives the constant that
// retries (NOT $3: false puts the job back). Nothing counts against a
// limit.
package casebooleg

import (
	"context"
	"sync"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Task struct {
	ID   string
	Body []byte
}

type Queue struct{ pool *pgxpool.Pool }

func (q *Queue) take(ctx context.Context) (*Task, error) {
	var t Task
	err := q.pool.QueryRow(ctx, `UPDATE tasks SET state = 'taken'
		WHERE id = (SELECT id FROM tasks WHERE state = 'ready' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, body`).Scan(&t.ID, &t.Body)
	return &t, err
}

func (q *Queue) settle(ctx context.Context, id string, retry bool) error {
	_, err := q.pool.Exec(ctx, `UPDATE tasks SET state = CASE WHEN NOT $2 THEN 'dead' ELSE 'ready' END WHERE id = $1`, id, retry) // want `this retry puts the job back with no limit`
	return err
}

func (q *Queue) done(ctx context.Context, id string) error {
	_, err := q.pool.Exec(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1`, id)
	return err
}

func (q *Queue) failed(ctx context.Context, t *Task, retry bool) {
	_ = q.settle(ctx, t.ID, retry)
}

func (q *Queue) Start(ctx context.Context, n int, handle func([]byte) error) {
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				t, err := q.take(ctx)
				if err != nil {
					continue
				}
				if err := handle(t.Body); err != nil {
					q.failed(ctx, t, true)
					continue
				}
				_ = q.done(ctx, t.ID)
			}
		}()
	}
	wg.Wait()
}
