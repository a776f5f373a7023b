// Directives in Go: on the line above, on the line itself, without a
// reason, suppressing nothing, naming no rule. The rule reports the one
// that suppresses nothing; the malformed ones are the directive rule's
// (analyzers/directive), never claimrace's.
package goignore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func ClaimAbove(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	//jobqlint:ignore claimrace one worker process runs this queue (see deploy/worker.yaml)
	err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}

func ClaimSameLine(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id) //jobqlint:ignore claimrace,lease single worker
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}

func ClaimNoReason(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at DESC LIMIT 1`).Scan(&id) //jobqlint:ignore claimrace
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}

func ClaimTwoLinesBelow(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	//jobqlint:ignore claimrace too far from the finding // want `jobqlint:ignore claimrace too far from the finding suppresses nothing\nno claimrace finding on the line it applies to`

	err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY kind LIMIT 1`).Scan(&id) // want `two workers can claim the same job`
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}

//jobqlint:ignore claimrce a typo
func typo() {}

//jobqlint:ignore lease another rule's directive is that rule's business
func other() {}

// created_at is a column, not CREATE: the statement holds no schema SQL, so
// the directive above it is judged here, and it suppresses nothing.
func Purge(ctx context.Context, pool *pgxpool.Pool) error {
	//jobqlint:ignore claimrace old jobs only // want `jobqlint:ignore claimrace old jobs only suppresses nothing`
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE status = 'done' AND created_at < now() - interval '30 days'`)
	return err
}

// A long reason leaves the first clause: the clause names the directive by
// its rule, the detail says the rest.
func Vacuum(ctx context.Context, pool *pgxpool.Pool) error {
	//jobqlint:ignore claimrace this statement only deletes finished jobs, and the maintenance window runs it from one cron host at a time // want `^jobqlint:ignore claimrace suppresses nothing\nno claimrace finding on the line it applies to`
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE status = 'done'`)
	return err
}
