// Package relay hands each pending document to the indexer, then marks
// it processed: two replicas read the same pending rows, and both index
// them.
package relay

import (
	"context"
	"database/sql"
	"time"

	"example.com/docsrelay/db"
)

type Indexer interface {
	Index(ctx context.Context, d db.Document) error
}

func Run(ctx context.Context, pool *sql.DB, ix Indexer) {
	q := db.New(pool)
	for ctx.Err() == nil {
		docs, err := q.ListPendingDocuments(ctx, 50) // want `two relays read the same unmarked rows`
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		for _, d := range docs {
			if err := ix.Index(ctx, d); err != nil {
				continue
			}
			_ = q.MarkDocumentProcessed(ctx, d.ID)
		}
		time.Sleep(time.Second)
	}
}
