package ok_jsonbparam

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Enqueue(ctx context.Context, tx pgx.Tx, body []byte) error {
	_, err := tx.Exec(ctx, `INSERT INTO jobs (kind, payload, note) VALUES ('email', $1::jsonb, $2::text)`, body, "hello")
	return err
}
