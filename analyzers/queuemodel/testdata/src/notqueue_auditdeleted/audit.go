// An audit trail with soft deletion and a review stamp: pages of live
// entries, entries reviewed and deleted by key. Two nullable columns the
// listing filters on and statements set, and still no job is taken.
package notqueue_auditdeleted

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Audit struct{ pool *pgxpool.Pool }

func (a *Audit) Record(ctx context.Context, actor, action string) error {
	_, err := a.pool.Exec(ctx, `INSERT INTO audit_entries (actor, action) VALUES ($1, $2)`, actor, action)
	return err
}

func (a *Audit) Unreviewed(ctx context.Context, before int64) error {
	_, err := a.pool.Query(ctx, `SELECT id, actor, action FROM audit_entries
		WHERE deleted_at IS NULL AND reviewed_at IS NULL AND id < $1 ORDER BY id DESC LIMIT 50`, before)
	return err
}

func (a *Audit) Review(ctx context.Context, id int64, note string) error {
	_, err := a.pool.Exec(ctx, `UPDATE audit_entries SET reviewed_at = now(), note = $2 WHERE id = $1`, id, note)
	return err
}

func (a *Audit) Delete(ctx context.Context, id int64) error {
	_, err := a.pool.Exec(ctx, `UPDATE audit_entries SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, id)
	return err
}
