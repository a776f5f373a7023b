package ok_marshal

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

type Email struct{ To string }

func Enqueue(ctx context.Context, tx pgx.Tx, e Email, note []byte) error {
	payload, err := json.Marshal(e)
	if err != nil {
		return err
	}
	label, _ := json.Marshal(string(note[:0]) + "label") // a string built from bytes, not JSON text passed through
	_, err = tx.Exec(ctx, `INSERT INTO jobs (kind, payload, note) VALUES ('email', $1, $2)`, payload, label)
	return err
}
