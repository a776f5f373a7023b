// Customers with an overdue invoice get a last notice and are removed:
// the due column is the invoices', the DELETE the customers'. What is
// due and what is taken are rows of two tables: no due-time queue.
package ok_due_join_column

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Mailer interface {
	Send(ctx context.Context, to string) error
}

func LastNotice(ctx context.Context, pool *pgxpool.Pool, m Mailer) error {
	rows, err := pool.Query(ctx, `SELECT i.id, c.id, c.email FROM invoices i JOIN customers c ON c.id = i.customer_id WHERE due_at < now()`)
	if err != nil {
		return err
	}
	type overdue struct {
		invoice, customer int64
		email             string
	}
	var list []overdue
	for rows.Next() {
		var o overdue
		if err := rows.Scan(&o.invoice, &o.customer, &o.email); err != nil {
			rows.Close()
			return err
		}
		list = append(list, o)
	}
	rows.Close()
	for _, o := range list {
		if err := m.Send(ctx, o.email); err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `DELETE FROM customers WHERE id = $1`, o.customer); err != nil {
			return err
		}
	}
	return nil
}
