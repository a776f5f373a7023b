// UPDATEs by key with no re-check of the state, each beside later UPDATEs
// of a row to ended states, that are no run of one job: only a success
// follows, or the ended states name another row or come first, or the
// move is back to the state rows are created in, or names an ended state
// itself, or is a compare-and-set from a state jobs are not created in,
// or no work runs between the move and the ended states.
package notqueue_blind

import (
	"context"
	"database/sql"
)

// Ship moves an order on and then records it delivered: nothing fails.
func Ship(ctx context.Context, db *sql.DB, id int64) error {
	db.ExecContext(ctx, `UPDATE orders SET status = 'shipping' WHERE id = $1`, id)
	_, err := db.ExecContext(ctx, `UPDATE orders SET status = 'completed' WHERE id = $1`, id)
	return err
}

// CancelOrder ends an order.
func CancelOrder(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE orders SET status = 'cancelled' WHERE id = $1`, id)
	return err
}

// Replace marks a job superseded and settles the one it replaces.
func Replace(ctx context.Context, db *sql.DB, id, old int64, ok bool) {
	db.ExecContext(ctx, `UPDATE jobs SET status = 'superseded' WHERE id = $1`, id)
	if ok {
		db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, old)
		return
	}
	db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, old)
}

// Archive settles a job, then archives it.
func Archive(ctx context.Context, db *sql.DB, id int64, ok bool) {
	if ok {
		db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	} else {
		db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	}
	db.ExecContext(ctx, `UPDATE jobs SET status = 'archived' WHERE id = $1`, id)
}

// Reset puts a job back in the state jobs are created in, then records
// the last run's result.
func Reset(ctx context.Context, db *sql.DB, id int64, ok bool) {
	db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1`, id)
	if ok {
		db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
		return
	}
	db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
}

// Escalate records that a job errored, then how its escalation went: the
// first move already names an ended state.
func Escalate(ctx context.Context, db *sql.DB, id int64, ok bool) {
	db.ExecContext(ctx, `UPDATE jobs SET status = 'errored' WHERE id = $1`, id)
	if ok {
		db.ExecContext(ctx, `UPDATE jobs SET status = 'completed' WHERE id = $1`, id)
		return
	}
	db.ExecContext(ctx, `UPDATE jobs SET status = 'dead' WHERE id = $1`, id)
}

// Resume takes a paused job back by a compare-and-set, not from the state
// jobs are created in.
func Resume(ctx context.Context, db *sql.DB, id int64, ok bool) {
	db.ExecContext(ctx, `UPDATE jobs SET status = 'resumed' WHERE id = $1 AND status = 'paused'`, id)
	if ok {
		db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
		return
	}
	db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
}

// Settle marks a job running, logs it, and records the result the caller
// already has: no work runs between, only the database.
func Settle(ctx context.Context, db *sql.DB, id int64, ok bool) {
	db.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	if _, err := db.ExecContext(ctx, `INSERT INTO job_log (job_id) VALUES ($1)`, id); err != nil {
		return
	}
	if ok {
		db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
		return
	}
	db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
}
