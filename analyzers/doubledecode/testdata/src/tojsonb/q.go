// The payload is marshalled in Go, then bound as text and turned into JSON
// again by to_jsonb: the row holds a JSON string, not the object.
package tojsonb

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

type Email struct{ To string }

func Enqueue(ctx context.Context, tx pgx.Tx, e Email) error {
	body, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('email', to_jsonb($1::text))`, string(body)) // want `^string\(body\) holds JSON text, and the SQL turns it into a JSON string\nto_jsonb\(\$1::text.* turns the text parameter into a JSON string`
	return err
}
