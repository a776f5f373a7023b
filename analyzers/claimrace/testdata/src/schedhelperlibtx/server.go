// A server package that builds the scheduler on Queries bound to the
// transaction it is given: the caller's transaction holds the locks.
package schedhelperlibtx

import (
	"context"
	"database/sql"

	"relaydb"
	"schedhelper"
)

type nop struct{}

func (nop) Publish(context.Context, string, []byte) error { return nil }

func RunIn(ctx context.Context, db *sql.DB, tx *sql.Tx) {
	schedhelper.NewWorker(relaydb.New(db).WithTx(tx), nop{}).Tick(ctx)
}
