// The claim is prepared once on the pool into a field (through a helper
// that keeps the first error) and run as tx.Stmt(...) in the transaction
// that does the job's work and commits: a killed worker's transaction rolls
// the claim back.
package ok_txstmt

import (
	"context"
	"database/sql"
)

type preparer struct {
	ctx context.Context
	db  *sql.DB
	err error
}

func (p *preparer) prepare(query string) *sql.Stmt {
	if p.err != nil {
		return nil
	}
	s, err := p.db.PrepareContext(p.ctx, query)
	if err != nil {
		p.err = err
	}
	return s
}

type Queue struct {
	db    *sql.DB
	claim *sql.Stmt
}

func NewQueue(ctx context.Context, db *sql.DB) (*Queue, error) {
	p := &preparer{ctx: ctx, db: db}
	return &Queue{
		db: db,
		claim: p.prepare(`UPDATE jobs j SET status = 'running'
			FROM (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED) next
			WHERE j.id = next.id RETURNING j.id, j.payload`),
	}, p.err
}

// Work runs each claimed job's effects in the claim's transaction.
func (q *Queue) Work(ctx context.Context, run func(tx *sql.Tx, id int64, payload []byte) error) error {
	tx, err := q.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.Stmt(q.claim).QueryContext(ctx)
	if err != nil {
		return err
	}
	defer rows.Close()
	type job struct {
		id      int64
		payload []byte
	}
	var jobs []job
	for rows.Next() {
		var j job
		if err := rows.Scan(&j.id, &j.payload); err != nil {
			return err
		}
		jobs = append(jobs, j)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, j := range jobs {
		if err := run(tx, j.id, j.payload); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, j.id); err != nil {
			return err
		}
	}
	return tx.Commit()
}
