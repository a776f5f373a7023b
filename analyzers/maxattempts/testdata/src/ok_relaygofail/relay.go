// A relay that hands a payload it cannot decode to a goroutine that
// records it (in a dead-letter table): what runs there is out of sight.
package ok_relaygofail

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Task struct {
	Name string `json:"name"`
}

type Runner interface {
	Start(ctx context.Context, t Task) error
}

func Add(ctx context.Context, pool *pgxpool.Pool, body []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO task_outbox (body) VALUES ($1)`, body)
	return err
}

func deadLetter(ctx context.Context, pool *pgxpool.Pool, id int64, body []byte) {
	_, _ = pool.Exec(ctx, `INSERT INTO task_dead_letters (outbox_id, body) VALUES ($1, $2)`, id, body)
	_, _ = pool.Exec(ctx, `DELETE FROM task_outbox WHERE id = $1`, id)
}

func Run(ctx context.Context, pool *pgxpool.Pool, r Runner) error {
	var id int64
	var body []byte
	if err := pool.QueryRow(ctx, `SELECT id, body FROM task_outbox WHERE started_at IS NULL ORDER BY id LIMIT 1`).Scan(&id, &body); err != nil {
		return err
	}
	var t Task
	if err := json.Unmarshal(body, &t); err != nil {
		go deadLetter(context.WithoutCancel(ctx), pool, id, body)
		return err
	}
	if err := r.Start(ctx, t); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE task_outbox SET started_at = now() WHERE id = $1`, id)
	return err
}
