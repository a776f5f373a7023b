// Directives in Go: malformed ones are reported under the directive rule,
// well-formed ones are left to the rules they name.
package goform

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	//jobqlint:ignore claimrace one worker process runs this queue (deploy/worker.yaml)
	err = pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id) //jobqlint:ignore lease // want `jobqlint:ignore lease gives no reason\nwrite after the rule why`
	return id, err
}

// want +1 `^jobqlint:ignore clamerace a typo: "clamerace" is not a jobqlint rule, so it suppresses nothing\nthe rules are claimrace, `
//jobqlint:ignore clamerace a typo
func typo() {}

// want +1 `"clamerace" is not a jobqlint rule`
//jobqlint:ignore claimrace,clamerace one right, one wrong
func half() {}

// want +1 `jobqlint:ignore names no rule, so it suppresses nothing\nwrite jobqlint:ignore RULE reason, RULE one of claimrace, `
//jobqlint:ignore
func none() {}

// want +1 `^// jobqlint:ignore does nothing: with a space after // it is a comment, not a directive\n"// jobqlint:ignore claimrace one worker" suppresses no finding`
// jobqlint:ignore claimrace one worker
func spaced() {}

// Prose that mentions jobqlint:ignore, not at the start of the comment, is
// not a directive.
func prose() {}
