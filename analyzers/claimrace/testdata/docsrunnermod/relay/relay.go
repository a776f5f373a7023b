// Package relay runs each pending document through a handler that
// indexes it and then marks it processed: two runners read the same
// pending rows, and both index them.
package relay

import (
	"context"
	"database/sql"
	"time"

	"example.com/docsrunner/db"
)

type Indexer interface {
	Index(ctx context.Context, d db.Document) error
}

func Run(ctx context.Context, pool *sql.DB, ix Indexer) {
	q := db.New(pool)
	for ctx.Err() == nil {
		docs, err := q.ListPendingDocuments(ctx, 50)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		for _, d := range docs {
			handle(ctx, q, ix, d)
		}
		time.Sleep(time.Second)
	}
}

func handle(ctx context.Context, q *db.Queries, ix Indexer, d db.Document) {
	if err := ix.Index(ctx, d); err != nil {
		return
	}
	if err := q.MarkDocumentProcessed(ctx, d.ID); err != nil {
		return
	}
}
