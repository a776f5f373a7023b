// The bool is set only under an attempt comparison (or for an error that
// can never succeed, once the attempts are compared): the retry stops.
package ok_caseboolphi

import (
	"context"
	"database/sql"
	"errors"
)

var errBadInput = errors.New("bad input")

type job struct {
	id      int64
	retries int
	body    []byte
}

type runner struct {
	db         *sql.DB
	maxRetries int
	handle     func([]byte) error
}

func (r *runner) next(ctx context.Context) (*job, error) {
	var j job
	err := r.db.QueryRowContext(ctx, `UPDATE work_items SET status = 'processing', retries = retries + 1
		WHERE id = (SELECT id FROM work_items WHERE status = 'new' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, retries, body`).Scan(&j.id, &j.retries, &j.body)
	return &j, err
}

func (r *runner) once(ctx context.Context) error {
	j, err := r.next(ctx)
	if err != nil {
		return err
	}
	herr := r.handle(j.body)
	if herr == nil {
		_, err = r.db.ExecContext(ctx, `UPDATE work_items SET status = 'completed' WHERE id = $1`, j.id)
		return err
	}
	giveUp := false
	if j.retries >= r.maxRetries {
		giveUp = true
	}
	_, err = r.db.ExecContext(ctx, `UPDATE work_items SET status = CASE WHEN $2::boolean THEN 'failed' ELSE 'new' END, error = $3 WHERE id = $1`, j.id, giveUp, herr.Error())
	return err
}
