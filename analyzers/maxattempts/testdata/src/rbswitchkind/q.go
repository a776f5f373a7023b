// The worker holds the job's row lock in a transaction and dispatches on
// the job's kind in a switch; whichever case fails (or a kind nobody
// handles), the deferred Rollback gives the row back as the poll found
// it, with nothing counted.
package rbswitchkind

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

type job struct {
	id      int64
	kind    string
	payload []byte
}

type mailer interface {
	Send(ctx context.Context, payload []byte) error
}

type Worker struct {
	db   *sql.DB
	mail mailer
}

func (w *Worker) charge(ctx context.Context, payload []byte) error {
	if len(payload) == 0 {
		return errors.New("empty charge")
	}
	return nil
}

func (w *Worker) runOne(ctx context.Context) (bool, error) {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var j job
	err = tx.QueryRowContext(ctx, `SELECT id, kind, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&j.id, &j.kind, &j.payload)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	switch j.kind {
	case "email":
		err = w.mail.Send(ctx, j.payload)
	case "charge":
		err = w.charge(ctx, j.payload)
	default:
		err = fmt.Errorf("no handler for %q", j.kind)
	}
	if err != nil {
		return false, err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
	}
	if _, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, j.id); err != nil {
		return false, err
	}
	return true, tx.Commit()
}

func (w *Worker) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		if _, err := w.runOne(ctx); err != nil {
			return err
		}
	}
	return nil
}
