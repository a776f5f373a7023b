// The same run over a column the code sets (send_after, no DEFAULT: the
// INSERT gives it) is read as a due-time queue: the time is one the row
// was given to be handled at, moved back by a grace period.
package queue_due_setcutoff

import (
	"context"
	"database/sql"
)

type Files interface {
	Remove(name string) error
}

func Upload(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO uploads (name, send_after) VALUES ($1, now())`, name)
	return err
}

func PurgeOrphans(ctx context.Context, db *sql.DB, files Files) error { // want PurgeOrphans:"claims jobs, completes jobs, calls queue_due_setcutoff.Files.Remove in a loop"
	rows, err := db.QueryContext(ctx, `SELECT id, name FROM uploads WHERE owner_id IS NULL AND send_after < now() - interval '7 days'`)
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
