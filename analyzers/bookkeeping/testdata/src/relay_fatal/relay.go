// A mail relay that crashes when it cannot mark a sent mail.
package relay_fatal

import (
	"context"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Mailer interface {
	Send(ctx context.Context, to, body string) error
}

func Enqueue(ctx context.Context, pool *pgxpool.Pool, to, body string) error {
	_, err := pool.Exec(ctx, `INSERT INTO mails (recipient, body, sent) VALUES ($1, $2, false)`, to, body)
	return err
}

func Loop(ctx context.Context, pool *pgxpool.Pool, m Mailer) {
	for {
		rows, err := pool.Query(ctx, `SELECT id, recipient, body FROM mails WHERE sent = false ORDER BY id LIMIT 10`)
		if err != nil {
			log.Printf("poll: %v", err)
			time.Sleep(time.Second)
			continue
		}
		type mail struct {
			id       int64
			to, body string
		}
		var batch []mail
		for rows.Next() {
			var x mail
			if err := rows.Scan(&x.id, &x.to, &x.body); err == nil {
				batch = append(batch, x)
			}
		}
		rows.Close()
		for _, x := range batch {
			if err := m.Send(ctx, x.to, x.body); err != nil {
				continue
			}
			if _, err := pool.Exec(ctx, `UPDATE mails SET sent = true WHERE id = $1`, x.id); err != nil { // want `a failed bookkeeping write stops the worker here\none database hiccup ends the relay, and the rows it handed on stay unmarked`
				log.Fatalf("mark sent: %v", err)
			}
		}
		time.Sleep(5 * time.Second)
	}
}
