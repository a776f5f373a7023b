package marshalbytes

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

func Enqueue(ctx context.Context, tx pgx.Tx, body []byte) error {
	payload, err := json.Marshal(string(body)) // want `json.Marshal of body turned into a string encodes JSON text as a JSON string`
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('email', $1)`, payload)
	return err
}
