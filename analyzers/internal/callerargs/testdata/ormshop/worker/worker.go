package worker

import (
	"context"

	"ormshop/memstore"
	"ormshop/repo"
)

func Run(ctx context.Context, r *repo.Repo, m *memstore.Mem) {
	_ = r.SetStatus(ctx, 1, repo.Running)
	_ = r.SetStatus(ctx, 1, repo.Done)
	_, _ = r.CountIn(ctx, repo.Running)
	_ = m.Mark(1, "done")
}
