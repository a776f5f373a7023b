// The claim is prepared into a field and run as tx.StmtContext(...), but
// the transaction commits as soon as the row is marked: the job runs
// after, and a worker killed mid-job leaves it 'running' for ever.
package txstmt_commitfirst

import (
	"context"
	"database/sql"
)

type Queue struct {
	db    *sql.DB
	claim *sql.Stmt
}

func NewQueue(ctx context.Context, db *sql.DB) (*Queue, error) {
	claim, err := db.PrepareContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`) // want `this claim moves the job to 'running' and writes no lease deadline`
	if err != nil {
		return nil, err
	}
	return &Queue{db: db, claim: claim}, nil
}

func (q *Queue) next(ctx context.Context) (int64, error) {
	tx, err := q.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.StmtContext(ctx, q.claim).QueryRowContext(ctx).Scan(&id); err != nil {
		return 0, err
	}
	return id, tx.Commit()
}

func (q *Queue) Work(ctx context.Context, run func(int64) error) error {
	for {
		id, err := q.next(ctx)
		if err == sql.ErrNoRows {
			continue
		}
		if err != nil {
			return err
		}
		if err := run(id); err != nil {
			return err
		}
		if _, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
			return err
		}
	}
}
