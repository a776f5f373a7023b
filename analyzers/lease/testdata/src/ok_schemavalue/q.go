// The queue lives in a schema the user names: every statement splices it
// in. The sweeper gets it from its own options, a value the tool does not
// follow to the worker's: the same relation in a schema named by a Go
// value may be the worker's table.
package ok_schemavalue

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Worker struct {
	pool   *pgxpool.Pool
	schema string
}

func NewWorker(pool *pgxpool.Pool, schema string) *Worker { return &Worker{pool: pool, schema: schema} }

func (w *Worker) Claim(ctx context.Context, name string) (id int64, err error) {
	err = w.pool.QueryRow(ctx, fmt.Sprintf(`UPDATE %s.jobs SET locked_at = now(), locked_by = $1
		WHERE id = (SELECT id FROM %s.jobs WHERE locked_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, w.schema, w.schema), name).Scan(&id)
	return id, err
}

func (w *Worker) Complete(ctx context.Context, id int64) error {
	_, err := w.pool.Exec(ctx, fmt.Sprintf(`DELETE FROM %s.jobs WHERE id = $1`, w.schema), id)
	return err
}
