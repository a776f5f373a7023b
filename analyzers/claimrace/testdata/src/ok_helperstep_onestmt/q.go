// The batch is claimed in one statement (UPDATE ... WHERE id IN (SELECT
// ... FOR UPDATE SKIP LOCKED) RETURNING), and each row is handed to a
// helper that records it sending before the send: the claim took the rows.
package ok_helperstep_onestmt

import (
	"context"
	"errors"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Drain(ctx context.Context, pool *pgxpool.Pool, batch int) error {
	rows, err := pool.Query(ctx, `UPDATE mail_outbox SET status = 'claimed' WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING id, body`, batch)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var body string
		if err := rows.Scan(&id, &body); err != nil {
			continue
		}
		if err := sendOne(ctx, pool, id, body); err != nil {
			log.Printf("mail %d: %v", id, err)
		}
	}
	return rows.Err()
}

func sendOne(ctx context.Context, pool *pgxpool.Pool, id int64, body string) error {
	if _, err := pool.Exec(ctx, `UPDATE mail_outbox SET status = 'sending', sending_at = now() WHERE id = $1`, id); err != nil {
		return err
	}
	if body == "" {
		return errors.New("empty")
	}
	_, err := pool.Exec(ctx, `UPDATE mail_outbox SET status = 'sent' WHERE id = $1`, id)
	return err
}
