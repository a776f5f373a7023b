// The poll locks the next credential in a subquery in FROM, but on the
// pool: the lock ends with the SELECT, before the UPDATE that takes the
// credential, and two workers sign the same one.
package fromsub_locked_pool

import (
	"context"
	"database/sql"
)

type Signer interface {
	Sign(ctx context.Context, blinded, key string) (string, error)
}

const next = `
SELECT c.id, i.public_key, c.blinded
FROM (SELECT * FROM credentials WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED) c
JOIN issuers i ON i.id = c.issuer_id`

func SignNext(ctx context.Context, db *sql.DB, s Signer) (bool, error) {
	var id, key, blinded string
	err := db.QueryRowContext(ctx, next).Scan(&id, &key, &blinded) // want `FOR UPDATE on a pool releases its row lock`
	if err == sql.ErrNoRows {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if _, err := db.ExecContext(ctx, `UPDATE credentials SET status = 'signing' WHERE id = $1`, id); err != nil {
		return true, err
	}
	signed, err := s.Sign(ctx, blinded, key)
	if err != nil {
		_, _ = db.ExecContext(ctx, `UPDATE credentials SET status = 'failed' WHERE id = $1`, id)
		return true, err
	}
	_, err = db.ExecContext(ctx, `UPDATE credentials SET status = 'signed', signed = $1 WHERE id = $2`, signed, id)
	return true, err
}
