// string(k) of a string type is the kind's name, not JSON text: marshalling
// it makes the JSON string it should be.
package ok_kindmarshal

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Kind string

func Enqueue(ctx context.Context, pool *pgxpool.Pool, k Kind) error {
	payload, err := json.Marshal(string(k))
	if err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `INSERT INTO jobs (payload) VALUES ($1)`, payload)
	return err
}
