// The poll locks the next credential in a subquery in FROM and joins its
// issuer; the transaction holds the lock until the credential is signed.
package ok_fromsub_locked

import (
	"context"
	"database/sql"
)

type Signer interface {
	Sign(ctx context.Context, blinded, key string) (string, error)
}

func SignNext(ctx context.Context, db *sql.DB, s Signer) (bool, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var id, key, blinded string
	err = tx.QueryRowContext(ctx, `
SELECT c.id, i.public_key, c.blinded
FROM (SELECT * FROM credentials WHERE signed IS NULL ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED) c
JOIN issuers i ON i.id = c.issuer_id`).Scan(&id, &key, &blinded)
	if err == sql.ErrNoRows {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	signed, err := s.Sign(ctx, blinded, key)
	if err != nil {
		return true, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE credentials SET signed = $1 WHERE id = $2`, signed, id); err != nil {
		return true, err
	}
	return true, tx.Commit()
}
