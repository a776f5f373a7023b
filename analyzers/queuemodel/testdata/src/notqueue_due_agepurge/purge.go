// A weekly purge of uploads no owner claimed: the read picks rows by age
// (created_at, stamped by its DEFAULT when the row was made, compared
// with the clock moved back a week), removes each file, then deletes the
// row by key. A retention run, not a due-time queue: no table is one.
package notqueue_due_agepurge

import (
	"context"
	"database/sql"
)

type Files interface {
	Remove(name string) error
}

func Upload(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO uploads (name) VALUES ($1)`, name)
	return err
}

func PurgeOrphans(ctx context.Context, db *sql.DB, files Files) error { // want PurgeOrphans:"calls notqueue_due_agepurge.Files.Remove in a loop"
	rows, err := db.QueryContext(ctx, `SELECT id, name FROM uploads WHERE owner_id IS NULL AND created_at < now() - interval '7 days'`)
	if err != nil {
		return err
	}
	type upload struct {
		id   int64
		name string
	}
	var us []upload
	for rows.Next() {
		var u upload
		if err := rows.Scan(&u.id, &u.name); err != nil {
			rows.Close()
			return err
		}
		us = append(us, u)
	}
	rows.Close()
	for _, u := range us {
		if err := files.Remove(u.name); err != nil {
			continue
		}
		if _, err := db.ExecContext(ctx, `DELETE FROM uploads WHERE id = $1`, u.id); err != nil {
			return err
		}
	}
	return nil
}
