// An e-mail verification: the token the user clicked names its row, and
// the unique key on token finds it, whatever the table holds.
package accept_owner_token

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Issue(ctx context.Context, pool *pgxpool.Pool, userID int64, token string) error {
	_, err := pool.Exec(ctx, `INSERT INTO verification_tokens (user_id, token) VALUES ($1, $2)`, userID, token)
	return err
}

func Verify(ctx context.Context, pool *pgxpool.Pool, token string) (int64, error) {
	var id, userID int64
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT id, user_id FROM verification_tokens WHERE token = $1 AND status = 'pending'
			ORDER BY created_at LIMIT 1 FOR UPDATE`, token).Scan(&id, &userID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE verification_tokens SET status = 'used' WHERE id = $1`, id)
		return err
	})
	return userID, err
}
