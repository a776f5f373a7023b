// A monitor sweep flips silent monitors to 'unhealthy' and raises their
// alerts in the same transaction, then commits. A crash before the commit
// rolls the flip back; after it, nothing is left to do: the flip is no
// job in progress that a dead worker could leave behind.
package ok_txkeepsinside

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const flipSQL = `WITH due AS (
	SELECT id FROM monitors WHERE state = 'healthy' AND last_seen < now() - check_every
	LIMIT 100 FOR UPDATE SKIP LOCKED)
UPDATE monitors m SET state = 'unhealthy' FROM due WHERE m.id = due.id RETURNING m.id, m.name`

func Sweep(ctx context.Context, pool *pgxpool.Pool, raise func(pgx.Tx, int64, string) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, flipSQL)
	if err != nil {
		return err
	}
	type flipped struct {
		id   int64
		name string
	}
	var all []flipped
	for rows.Next() {
		var f flipped
		if err := rows.Scan(&f.id, &f.name); err != nil {
			return err
		}
		all = append(all, f)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, f := range all {
		if _, err := tx.Exec(ctx, `INSERT INTO alerts (monitor_id, summary) VALUES ($1, $2)`, f.id, f.name+" is silent"); err != nil {
			return err
		}
		if err := raise(tx, f.id, f.name); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// Beat is the monitor's heartbeat: it moves it back to healthy.
func Beat(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE monitors SET state = 'healthy', last_seen = now() WHERE id = $1`, id)
	return err
}
