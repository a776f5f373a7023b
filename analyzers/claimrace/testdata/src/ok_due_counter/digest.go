// Due digests are mailed and a counter bumped by id: nothing takes the
// row (no DELETE, no new due time), so there is no take to race on.
package ok_due_counter

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Mailer interface {
	Send(ctx context.Context, to string) error
}

func MailDue(ctx context.Context, pool *pgxpool.Pool, m Mailer) error {
	rows, err := pool.Query(ctx, `SELECT id, email FROM digests WHERE send_after <= $1`, time.Now())
	if err != nil {
		return err
	}
	type digest struct {
		id    int64
		email string
	}
	var due []digest
	for rows.Next() {
		var d digest
		if err := rows.Scan(&d.id, &d.email); err != nil {
			rows.Close()
			return err
		}
		due = append(due, d)
	}
	rows.Close()
	for _, d := range due {
		if err := m.Send(ctx, d.email); err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `UPDATE digests SET sends = sends + 1 WHERE id = $1`, d.id); err != nil {
			return err
		}
	}
	return nil
}
