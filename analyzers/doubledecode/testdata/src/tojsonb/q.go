package tojsonb

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Enqueue(ctx context.Context, tx pgx.Tx, body string) error {
	_, err := tx.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('email', to_jsonb($1::text))`, body) // want `to_jsonb\(\$1::text.* turns a text parameter into a JSON string`
	return err
}
