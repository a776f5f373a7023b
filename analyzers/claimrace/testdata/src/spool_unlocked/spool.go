// A mail spool with no state column: a row is a mail waiting to be sent.
// Every tick the sender reads the due mails with no lock, sends each, and
// deletes it; a mail that fails is pushed back five minutes.
package spool_unlocked

import (
	"context"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type mail struct {
	id       int64
	to, body string
}

type Spool struct {
	pool *pgxpool.Pool
	send func(ctx context.Context, to, body string) error
}

func (s *Spool) Queue(ctx context.Context, to, body string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO mail_queue (recipient, body, due_time) VALUES ($1, $2, now())`, to, body)
	return err
}

func (s *Spool) Tick(ctx context.Context) error {
	rows, err := s.pool.Query(ctx, `SELECT id, recipient, body FROM mail_queue WHERE due_time <= now() ORDER BY due_time LIMIT 20`) // want `two schedulers run the same due job: each hands it to its work before either takes it`
	if err != nil {
		return err
	}
	var batch []mail
	for rows.Next() {
		var m mail
		if err := rows.Scan(&m.id, &m.to, &m.body); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, m)
	}
	rows.Close()
	for _, m := range batch {
		if err := s.send(ctx, m.to, m.body); err != nil {
			log.Printf("mail %d: %v", m.id, err)
			if _, err := s.pool.Exec(ctx, `UPDATE mail_queue SET due_time = now() + interval '5 minutes', attempts = attempts + 1 WHERE id = $1`, m.id); err != nil {
				log.Printf("mail %d: push back: %v", m.id, err)
			}
			continue
		}
		if _, err := s.pool.Exec(ctx, `DELETE FROM mail_queue WHERE id = $1`, m.id); err != nil {
			log.Printf("mail %d: delete: %v", m.id, err)
		}
	}
	return nil
}

func (s *Spool) Run(ctx context.Context) {
	for ctx.Err() == nil {
		if err := s.Tick(ctx); err != nil {
			log.Print(err)
		}
		time.Sleep(time.Second)
	}
}
