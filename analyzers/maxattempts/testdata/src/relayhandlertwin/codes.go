// The handler's twin run by a worker on a ticker: it takes the rows not
// yet handed on, skips one whose work fails, and marks the others. That is
// a relay, and every poll takes the skipped row again.
package relayhandlertwin

import (
	"context"
	"crypto/subtle"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Worker struct{ pool *pgxpool.Pool }

// Request is what the worker is asked to match: a type of the program's
// own, not net/http's.
type Request struct{ Code string }

func (s *Worker) Run(ctx context.Context, code string) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.tick(ctx, &Request{Code: code})
		}
	}
}

func (s *Worker) tick(ctx context.Context, req *Request) {
	rows, err := s.pool.Query(ctx, `SELECT id, code_hash FROM backup_codes WHERE used = false`)
	if err != nil {
		return
	}
	defer rows.Close()
	var matched string
	for rows.Next() {
		var id, hash string
		if err := rows.Scan(&id, &hash); err != nil { // want `a row whose send keeps failing is sent again by every poll, with no attempt count`
			continue
		}
		if ok, err := verify(req.Code, hash); err == nil && ok {
			matched = id
			break
		}
	}
	if matched == "" {
		return
	}
	_, _ = s.pool.Exec(ctx, `UPDATE backup_codes SET used = true, used_at = now() WHERE id = $1`, matched)
}

func (s *Worker) Add(ctx context.Context, user, hash string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO backup_codes (user_id, code_hash) VALUES ($1, $2)`, user, hash)
	return err
}

// verify checks a code against its stored hash.
func verify(code, hash string) (bool, error) {
	if hash == "" {
		return false, errors.New("empty hash")
	}
	return subtle.ConstantTimeCompare([]byte(hash), []byte(code)) == 1, nil
}
