package pgstore // want package:"queues\\(public.relay\\)"

// The same relay table, its message's state field set to what a caller
// names as well as to msg.Waiting: the state messages are created in is
// unknown, and every statement that locks rows with SKIP LOCKED may be a
// claim.

import (
	"context"

	"github.com/jackc/pgx/v5"

	"createdfieldmixed/msg"
)

type Store struct{}

func (Store) Add(ctx context.Context, tx pgx.Tx, m *msg.Message) error {
	_, err := tx.Exec(ctx, `INSERT INTO relay (body, state) VALUES ($1, $2)`, m.Body, m.State)
	return err
}

func (Store) Take(ctx context.Context, tx pgx.Tx, n int) ([]msg.Message, error) { // want Take:"claims jobs"
	rows, err := tx.Query(ctx, `WITH next AS (SELECT id FROM relay WHERE state = 'waiting'
		ORDER BY id FOR UPDATE SKIP LOCKED LIMIT $1)
	UPDATE relay r SET state = 'sending', touched_at = now() FROM next WHERE r.id = next.id
	RETURNING r.id, r.body, r.state`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []msg.Message
	for rows.Next() {
		var m msg.Message
		if err := rows.Scan(&m.ID, &m.Body, &m.State); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// Done's 'sent' is the state Purge deletes, which hands nothing back: no
// claim runs from it, and setting it is the completion.
func (Store) Done(ctx context.Context, tx pgx.Tx, id int64) error { // want Done:"passes on the error of a completion"
	_, err := tx.Exec(ctx, `UPDATE relay SET state = 'sent' WHERE id = $1 AND state = 'sending'`, id)
	return err
}

func (Store) Reap(ctx context.Context, tx pgx.Tx, n int) error { // want Reap:"claims jobs"
	_, err := tx.Exec(ctx, `WITH stuck AS (SELECT id FROM relay WHERE state = 'sending'
		AND touched_at < now() - interval '10 minutes' ORDER BY touched_at FOR UPDATE SKIP LOCKED LIMIT $1)
	UPDATE relay r SET state = CASE WHEN r.tries + 1 < 5 THEN 'waiting' ELSE 'dead' END, tries = r.tries + 1
	FROM stuck WHERE r.id = stuck.id`, n)
	return err
}

func (Store) Purge(ctx context.Context, tx pgx.Tx, n int) error { // want Purge:"claims jobs"
	_, err := tx.Exec(ctx, `WITH old AS (SELECT id FROM relay WHERE state = 'sent'
		ORDER BY id FOR UPDATE SKIP LOCKED LIMIT $1)
	DELETE FROM relay WHERE id IN (SELECT id FROM old)`, n)
	return err
}

func (Store) Revive(ctx context.Context, tx pgx.Tx, n int) error { // want Revive:"claims jobs"
	_, err := tx.Exec(ctx, `UPDATE relay SET state = 'waiting', tries = 0
	WHERE id IN (SELECT id FROM relay WHERE state = 'dead' ORDER BY id FOR UPDATE SKIP LOCKED LIMIT $1)`, n)
	return err
}
