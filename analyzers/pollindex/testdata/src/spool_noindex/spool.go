// A mail spool whose poll orders the due mails by due_time with no index
// on it: every poll reads and sorts every mail waiting, due or not.
package spool_noindex

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type mail struct {
	id       int64
	to, body string
}

func (s *Sender) due(ctx context.Context) ([]mail, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, recipient, body FROM mail_queue WHERE due_time <= now() ORDER BY due_time LIMIT 20`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []mail
	for rows.Next() {
		var m mail
		if err := rows.Scan(&m.id, &m.to, &m.body); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

type Sender struct {
	pool *pgxpool.Pool
	send func(ctx context.Context, to, body string) error
}

func (s *Sender) Tick(ctx context.Context) {
	batch, err := s.due(ctx)
	if err != nil {
		log.Print(err)
		return
	}
	for _, m := range batch {
		if err := s.send(ctx, m.to, m.body); err != nil {
			continue
		}
		if _, err := s.pool.Exec(ctx, `DELETE FROM mail_queue WHERE id = $1`, m.id); err != nil {
			log.Print(err)
		}
	}
}
