// Package smsstore keeps outgoing text messages; its sender is in another
// package and reaches it through Store.
package smsstore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Message struct {
	ID    int64
	Phone string
	Text  string
}

type Store interface {
	Unsent(ctx context.Context, n int) ([]Message, error)
	MarkSent(ctx context.Context, id int64) error
	MarkFailed(ctx context.Context, id int64, reason string) error
}

type PG struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *PG { return &PG{pool: pool} }

func (p *PG) Add(ctx context.Context, phone, text string) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO sms_messages (phone, text, status, created_at) VALUES ($1, $2, 'pending', now())`, phone, text)
	return err
}

func (p *PG) Unsent(ctx context.Context, n int) ([]Message, error) {
	rows, err := p.pool.Query(ctx, `SELECT id, phone, text FROM sms_messages WHERE status = 'pending' ORDER BY created_at LIMIT $1`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		var m Message
		if err := rows.Scan(&m.ID, &m.Phone, &m.Text); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func (p *PG) MarkSent(ctx context.Context, id int64) error {
	_, err := p.pool.Exec(ctx, `UPDATE sms_messages SET status = 'sent', sent_at = now() WHERE id = $1`, id)
	return err
}

func (p *PG) MarkFailed(ctx context.Context, id int64, reason string) error {
	_, err := p.pool.Exec(ctx, `UPDATE sms_messages SET status = 'failed', last_error = $2 WHERE id = $1`, id, reason)
	return err
}
