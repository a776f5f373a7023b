// Package sweep clears the locks of jobs whose worker died.
package sweep

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Options struct{ EscapedSchema string }

func ResetLocked(ctx context.Context, pool *pgxpool.Pool, opts Options) error {
	_, err := pool.Exec(ctx, fmt.Sprintf(`UPDATE %s.jobs SET locked_at = NULL, locked_by = NULL
		WHERE locked_at < now() - interval '4 hours'`, opts.EscapedSchema))
	return err
}
