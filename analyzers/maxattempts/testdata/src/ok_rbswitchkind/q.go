// A switch on the job's kind, as in rbswitchkind, but every failure is
// recorded in the claim's transaction and committed: the job is failed,
// with its error kept.
package ok_rbswitchkind

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

func runOne(ctx context.Context, db *sql.DB, mail mailer) (bool, error) {
	tx, err := db.BeginTx(ctx, nil)
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
		err = mail.Send(ctx, j.payload)
	default:
		err = fmt.Errorf("no handler for %q", j.kind)
	}
	status := "done"
	if err != nil {
		status = "failed"
	}
	if _, err := tx.ExecContext(ctx, `UPDATE jobs SET status = $2 WHERE id = $1`, j.id, status); err != nil {
		return false, err
	}
	return true, tx.Commit()
}

func Run(ctx context.Context, db *sql.DB, mail mailer) error {
	for ctx.Err() == nil {
		if _, err := runOne(ctx, db, mail); err != nil {
			return err
		}
	}
	return nil
}
