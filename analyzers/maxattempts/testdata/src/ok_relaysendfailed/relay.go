// A webhook sender that records a refused message as failed: it leaves
// the poll with its error kept. A sent message whose reference cannot be
// stored is skipped before its mark: no failure of its own.
package ok_relaysendfailed

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

func (s *Sender) post(ctx context.Context, m message) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewBufferString(m.body))
	if err != nil {
		return "", err
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("webhook: %s", resp.Status)
	}
	return resp.Header.Get("X-Message-Id"), nil
}

func (s *Sender) keepRef(ctx context.Context, m message, ref string) error {
	_, err := s.pool.Exec(ctx, `UPDATE outgoing_messages SET provider_ref = $2 WHERE id = $1`, m.id, ref)
	return err
}

func (s *Sender) Tick(ctx context.Context) error {
	rows, err := s.pool.Query(ctx, `SELECT id, recipient, body FROM outgoing_messages WHERE sent_at IS NULL AND failed_at IS NULL ORDER BY created_at LIMIT 20`)
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
		ref, err := s.post(ctx, m)
		if err != nil {
			log.Printf("message %d to %s: %v", m.id, m.to, err)
			if _, err := s.pool.Exec(ctx, `UPDATE outgoing_messages SET failed_at = now(), last_error = $2 WHERE id = $1`, m.id, err.Error()); err != nil {
				log.Printf("message %d: mark failed: %v", m.id, err)
			}
			continue
		}
		if err := s.keepRef(ctx, m, ref); err != nil {
			log.Printf("message %d: keep reference: %v", m.id, err)
			continue
		}
		if _, err := s.pool.Exec(ctx, `UPDATE outgoing_messages SET sent_at = now() WHERE id = $1`, m.id); err != nil {
			log.Printf("message %d: mark sent: %v", m.id, err)
		}
	}
	return nil
}
