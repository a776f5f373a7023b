// A webhook sender on a pgx pool: a message the webhook refuses is logged
// and skipped, left unsent with nothing written, and every poll sends it
// again (also when the loop returns on a shutdown first).
package relaysendskip

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
)

type message struct {
	id   int64
	to   string
	body string
}

type Sender struct {
	pool   *pgxpool.Pool
	client *http.Client
	url    string
}

func (s *Sender) Queue(ctx context.Context, to, body string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO outgoing_messages (recipient, body, created_at) VALUES ($1, $2, now())`, to, body)
	return err
}

func (s *Sender) post(ctx context.Context, m message) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewBufferString(m.body))
	if err != nil {
		return err
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("webhook: %s", resp.Status)
	}
	return nil
}

func (s *Sender) Tick(ctx context.Context) error {
	rows, err := s.pool.Query(ctx, `SELECT id, recipient, body FROM outgoing_messages WHERE sent_at IS NULL ORDER BY created_at LIMIT 20`)
	if err != nil {
		return err
	}
	var batch []message
	for rows.Next() {
		var m message
		if err := rows.Scan(&m.id, &m.to, &m.body); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, m)
	}
	rows.Close()
	for _, m := range batch {
		if err := s.post(ctx, m); err != nil { // want `a row whose send keeps failing is sent again by every poll, with no attempt count`
			log.Printf("message %d to %s: %v", m.id, m.to, err)
			continue
		}
		if _, err := s.pool.Exec(ctx, `UPDATE outgoing_messages SET sent_at = now() WHERE id = $1`, m.id); err != nil {
			log.Printf("message %d: mark sent: %v", m.id, err)
		}
	}
	return nil
}

func (s *Sender) Flush(ctx context.Context) error {
	rows, err := s.pool.Query(ctx, `SELECT id, recipient, body FROM outgoing_messages WHERE sent_at IS NULL ORDER BY created_at LIMIT 20`)
	if err != nil {
		return err
	}
	var batch []message
	for rows.Next() {
		var m message
		if err := rows.Scan(&m.id, &m.to, &m.body); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, m)
	}
	rows.Close()
	for _, m := range batch {
		if err := s.post(ctx, m); err != nil { // want `a row whose send keeps failing is sent again by every poll, with no attempt count`
			if ctx.Err() != nil {
				return ctx.Err()
			}
			log.Printf("message %d to %s: %v", m.id, m.to, err)
			continue
		}
		if _, err := s.pool.Exec(ctx, `UPDATE outgoing_messages SET sent_at = now() WHERE id = $1`, m.id); err != nil {
			log.Printf("message %d: mark sent: %v", m.id, err)
		}
	}
	return nil
}
