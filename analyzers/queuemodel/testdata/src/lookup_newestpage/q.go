// A registry of scratch tables a user made from a dataset: a request
// lists a dataset's active ones newest first, a page of a size the
// caller picks (ORDER BY updated_at DESC LIMIT $3), and another request
// drops one by its public id with a compare-and-set (status = 'active'
// -> 'dropped'). The page is what a user sees, not a search for work,
// so the compare-and-set takes no job and the table is no queue.
package lookup_newestpage

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Registry struct{ db *pgxpool.Pool }

func (r *Registry) Add(ctx context.Context, publicID string, tenant, dataset int64, name string) error {
	_, err := r.db.Exec(ctx, `INSERT INTO scratch_tables (public_id, tenant_id, dataset_id, name) VALUES ($1, $2, $3, $4)`, publicID, tenant, dataset, name)
	return err
}

func (r *Registry) ForDataset(ctx context.Context, tenant, dataset int64, limit int) ([]string, error) {
	rows, err := r.db.Query(ctx, `SELECT public_id::text FROM scratch_tables
		WHERE tenant_id = $1 AND dataset_id = $2 AND status = 'active'
		ORDER BY updated_at DESC, id DESC LIMIT $3`, tenant, dataset, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

func (r *Registry) Drop(ctx context.Context, publicID string, tenant int64) (string, error) {
	var name string
	err := r.db.QueryRow(ctx, `UPDATE scratch_tables SET status = 'dropped', dropped_at = now(), updated_at = now()
		WHERE public_id = $1 AND tenant_id = $2 AND status = 'active' AND dropped_at IS NULL
		RETURNING name`, publicID, tenant).Scan(&name)
	return name, err
}
