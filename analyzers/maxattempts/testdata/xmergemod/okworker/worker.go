// The worker gives up once the attempts run out.
package okworker

import (
	"context"

	"example.com/xmerge"
)

func Run(ctx context.Context, q *xmerge.Queries, handle func(int64) error) {
	for ctx.Err() == nil {
		id, attempts, err := q.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			q.Finish(ctx, id, "failed", attempts < 5)
			continue
		}
		q.Finish(ctx, id, "done", false)
	}
}
