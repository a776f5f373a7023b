// The claim deletes the task it takes, in a transaction held while the
// task runs (a failure rolls it back, and the task is there again). The
// table only ever holds waiting tasks, and the index on (queue,
// created_at) hands each poll the oldest task of its queue first (the
// e-mail poll skips the other kinds of the queue on the way).
package accept_deleteclaim

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Next(ctx context.Context, tx pgx.Tx, queue string) (body []byte, err error) {
	err = tx.QueryRow(ctx, `DELETE FROM tasks WHERE id = (
		SELECT id FROM tasks WHERE queue = $1 ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING body`, queue).Scan(&body)
	return body, err
}

func NextEmail(ctx context.Context, tx pgx.Tx, queue string) (body []byte, err error) {
	err = tx.QueryRow(ctx, `DELETE FROM tasks WHERE id = (
		SELECT id FROM tasks WHERE queue = $1 AND kind = 'email' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING body`, queue).Scan(&body)
	return body, err
}

// NextSMS takes any text message, in no order: the first it finds.
func NextSMS(ctx context.Context, tx pgx.Tx) (body []byte, err error) {
	err = tx.QueryRow(ctx, `DELETE FROM tasks WHERE id = (
		SELECT id FROM tasks WHERE kind = 'sms' LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING body`).Scan(&body)
	return body, err
}

func Add(ctx context.Context, tx pgx.Tx, queue string, body []byte) error {
	_, err := tx.Exec(ctx, `INSERT INTO tasks (queue, kind, body) VALUES ($1, 'email', $2)`, queue, body)
	return err
}
