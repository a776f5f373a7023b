// A store's exported functions on a transaction the caller gives: whether
// the caller rolls back on the handler's error, and what it records, is
// out of sight.
package ok_rbexported

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func ClaimNext(ctx context.Context, tx pgx.Tx) (int64, []byte, error) {
	var id int64
	var payload []byte
	err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload)
	return id, payload, err
}

func RunNext(ctx context.Context, tx pgx.Tx, run func([]byte) error) error {
	id, payload, err := ClaimNext(ctx, tx)
	if err != nil {
		return err
	}
	if err := run(payload); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
