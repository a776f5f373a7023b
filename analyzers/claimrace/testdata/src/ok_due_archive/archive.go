// An archiver pages through old rows by a keyset cursor on their id,
// uploads each page, and deletes the rows it uploaded: the cursor is no
// time, and the rows are no jobs.
package ok_due_archive

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Uploader interface {
	Upload(ctx context.Context, id int64, body []byte) error
}

func ArchiveBefore(ctx context.Context, pool *pgxpool.Pool, up Uploader, before int64) error {
	rows, err := pool.Query(ctx, `SELECT id, body FROM audit_log WHERE id < $1 ORDER BY id DESC LIMIT 500`, before)
	if err != nil {
		return err
	}
	type entry struct {
		id   int64
		body []byte
	}
	var page []entry
	for rows.Next() {
		var e entry
		if err := rows.Scan(&e.id, &e.body); err != nil {
			rows.Close()
			return err
		}
		page = append(page, e)
	}
	rows.Close()
	for _, e := range page {
		if err := up.Upload(ctx, e.id, e.body); err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `DELETE FROM audit_log WHERE id = $1`, e.id); err != nil {
			return err
		}
	}
	return nil
}
