// Helpers that read the claimed row and do more than scan it: one also
// decodes the payload (a malformed message fails for good), one also runs
// the handler. Their errors roll the claim back with nothing recorded.
package rbscanhelper

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Message struct {
	ID   int64
	Text string `json:"text"`
}

func scanAndDecode(row pgx.Row) (*Message, error) {
	var m Message
	var payload []byte
	if err := row.Scan(&m.ID, &payload); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(payload, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

func ConsumeDecoded(ctx context.Context, pool *pgxpool.Pool, deliver func(*Message)) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		m, err := scanAndDecode(tx.QueryRow(ctx, `SELECT id, payload FROM inbox WHERE processed_at IS NULL ORDER BY received_at LIMIT 1 FOR UPDATE SKIP LOCKED`))
		if err != nil {
			return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		}
		deliver(m)
		_, err = tx.Exec(ctx, `UPDATE inbox SET processed_at = now() WHERE id = $1`, m.ID)
		return err
	})
}

func send(m *Message) error { return nil }

func scanAndSend(row pgx.Row) (*Message, error) {
	var m Message
	if err := row.Scan(&m.ID, &m.Text); err != nil {
		return nil, err
	}
	return &m, send(&m)
}

func ConsumeSent(ctx context.Context, pool *pgxpool.Pool) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		m, err := scanAndSend(tx.QueryRow(ctx, `SELECT id, text FROM inbox WHERE processed_at IS NULL ORDER BY received_at LIMIT 1 FOR UPDATE SKIP LOCKED`))
		if err != nil {
			return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		}
		_, err = tx.Exec(ctx, `UPDATE inbox SET processed_at = now() WHERE id = $1`, m.ID)
		return err
	})
}

// post sends the message with the standard library alone: it reads no
// row, it is the work.
func post(ctx context.Context, m *Message) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://hooks.internal/send", strings.NewReader(m.Text))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func ConsumePosted(ctx context.Context, pool *pgxpool.Pool) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var m Message
		if err := tx.QueryRow(ctx, `SELECT id, text FROM inbox WHERE processed_at IS NULL ORDER BY received_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&m.ID, &m.Text); err != nil {
			return err
		}
		if err := post(ctx, &m); err != nil {
			return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		}
		_, err := tx.Exec(ctx, `UPDATE inbox SET processed_at = now() WHERE id = $1`, m.ID)
		return err
	})
}

// scanAndSendRows reads database/sql rows and sends each: the scan does
// not make it a reader only.
func scanAndSendRows(rows *sql.Rows) ([]Message, error) {
	var out []Message
	for rows.Next() {
		var m Message
		if err := rows.Scan(&m.ID, &m.Text); err != nil {
			return nil, err
		}
		if err := send(&m); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func ConsumeRows(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, text FROM inbox WHERE processed_at IS NULL ORDER BY received_at LIMIT 10 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	msgs, err := scanAndSendRows(rows)
	rows.Close()
	if err != nil {
		_ = tx.Rollback() // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		return err
	}
	for _, m := range msgs {
		if _, err := tx.ExecContext(ctx, `UPDATE inbox SET processed_at = now() WHERE id = $1`, m.ID); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}
