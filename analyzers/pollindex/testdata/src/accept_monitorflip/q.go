// Monitors flip between healthy and unhealthy: each sweep's claim takes
// the rows the other marked, so no row is ever finished and the poll walks
// only live monitors (a configuration table, not a history).
package accept_monitorflip

import (
	"context"
	"database/sql"
)

type Sweeper struct {
	db       *sql.DB
	markDown *sql.Stmt
	markUp   *sql.Stmt
}

func New(ctx context.Context, db *sql.DB) (*Sweeper, error) {
	down, err := db.PrepareContext(ctx, `UPDATE monitors m SET health = 'unhealthy'
		FROM (SELECT id FROM monitors WHERE health <> 'unhealthy' AND now() - last_beat >= timeout
		      LIMIT 100 FOR UPDATE SKIP LOCKED) due
		WHERE m.id = due.id RETURNING m.id`)
	if err != nil {
		return nil, err
	}
	up, err := db.PrepareContext(ctx, `UPDATE monitors m SET health = 'healthy'
		FROM (SELECT id FROM monitors WHERE health <> 'healthy' AND now() - last_beat < timeout
		      LIMIT 100 FOR UPDATE SKIP LOCKED) back
		WHERE m.id = back.id RETURNING m.id`)
	if err != nil {
		return nil, err
	}
	return &Sweeper{db: db, markDown: down, markUp: up}, nil
}

// Sweep marks the monitors and raises their alerts in one transaction.
func (s *Sweeper) Sweep(ctx context.Context, raise func(tx *sql.Tx, ids []int64, up bool) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	down, err := ids(tx.Stmt(s.markDown).QueryContext(ctx))
	if err != nil {
		return err
	}
	if err := raise(tx, down, false); err != nil {
		return err
	}
	up, err := ids(tx.Stmt(s.markUp).QueryContext(ctx))
	if err != nil {
		return err
	}
	if err := raise(tx, up, true); err != nil {
		return err
	}
	return tx.Commit()
}

func ids(rows *sql.Rows, err error) ([]int64, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
