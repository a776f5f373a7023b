package randomflip_claims // want package:"queues\\(public.tasks\\)"

// Random picks that hand the row on stay claims: the first returns what it
// took, the second stamps the rows with the worker's name to read them
// back by (bound as it is, or through an expression), the last picks in queue order and changes the row blind (a
// claim run with Exec, as real code has one).

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func TakeAny(ctx context.Context, pool *pgxpool.Pool) (int64, []byte, error) { // want TakeAny:"claims jobs"
	var id int64
	var body []byte
	err := pool.QueryRow(ctx, `UPDATE tasks SET state = 'running', started_at = now()
		WHERE id = (SELECT id FROM tasks WHERE state = 'queued' ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, body`).Scan(&id, &body)
	return id, body, err
}

func TakeAnyAs(ctx context.Context, pool *pgxpool.Pool, worker string) error { // want TakeAnyAs:"claims jobs"
	_, err := pool.Exec(ctx, `UPDATE tasks SET state = 'running', owner = $1
		WHERE id IN (SELECT id FROM tasks WHERE state = 'queued' ORDER BY random() LIMIT 5 FOR UPDATE SKIP LOCKED)`, worker)
	return err
}

// The same with the name written through an expression.
func TakeAnyAsLower(ctx context.Context, pool *pgxpool.Pool, worker string) error { // want TakeAnyAsLower:"claims jobs"
	_, err := pool.Exec(ctx, `UPDATE tasks SET state = 'running', owner = lower($1)
		WHERE id IN (SELECT id FROM tasks WHERE state = 'queued' ORDER BY random() LIMIT 5 FOR UPDATE SKIP LOCKED)`, worker)
	return err
}

func TakeNextBlind(ctx context.Context, pool *pgxpool.Pool) error { // want TakeNextBlind:"claims jobs"
	_, err := pool.Exec(ctx, `UPDATE tasks SET state = 'running', started_at = now()
		WHERE id IN (SELECT id FROM tasks WHERE state = 'queued' ORDER BY id LIMIT 5 FOR UPDATE SKIP LOCKED)`)
	return err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Finish:"completes jobs, writes outcomes, returns a write.s error"
	_, err := pool.Exec(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1`, id)
	return err
}

func Add(ctx context.Context, pool *pgxpool.Pool, body []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO tasks (state, body) VALUES ('queued', $1)`, body)
	return err
}
