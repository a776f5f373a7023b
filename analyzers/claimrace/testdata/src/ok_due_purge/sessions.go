// Expired sessions read by time and deleted one by one: nothing is handed
// to work, so two purgers deleting the same row only both delete it.
package ok_due_purge

import (
	"context"
	"log"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func scanID(rows pgx.Rows) (string, error) {
	var id string
	err := rows.Scan(&id)
	return id, err
}

func Purge(ctx context.Context, pool *pgxpool.Pool) error {
	rows, err := pool.Query(ctx, `SELECT id FROM sessions WHERE expires_at < $1`, time.Now())
	if err != nil {
		return err
	}
	var ids []string
	for rows.Next() {
		id, err := scanID(rows)
		if err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		log.Printf("purging session %s", id)
		if _, err := pool.Exec(ctx, `DELETE FROM sessions WHERE id = $1`, id); err != nil {
			return err
		}
	}
	return nil
}
