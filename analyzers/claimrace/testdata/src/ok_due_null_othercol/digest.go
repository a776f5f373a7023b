// A digest sender whose read takes every subscription not yet confirmed,
// whatever its time, or one whose next digest is due: the NULL test is on
// another column, so the read is no read of due rows (the rule says
// nothing of it), even though each row read is sent and deleted.
package ok_due_null_othercol

import (
	"context"
	"database/sql"
)

type sub struct {
	id    int64
	email string
}

func Flush(ctx context.Context, db *sql.DB, send func(context.Context, string) error) error {
	rows, err := db.QueryContext(ctx, `SELECT id, email FROM digest_subscriptions WHERE (confirmed_at IS NULL OR next_digest_at <= now()) ORDER BY id LIMIT 50`)
	if err != nil {
		return err
	}
	var subs []sub
	for rows.Next() {
		var s sub
		if err := rows.Scan(&s.id, &s.email); err != nil {
			rows.Close()
			return err
		}
		subs = append(subs, s)
	}
	rows.Close()
	for _, s := range subs {
		if err := send(ctx, s.email); err != nil {
			continue
		}
		if _, err := db.ExecContext(ctx, `DELETE FROM digest_subscriptions WHERE id = $1`, s.id); err != nil {
			return err
		}
	}
	return nil
}
