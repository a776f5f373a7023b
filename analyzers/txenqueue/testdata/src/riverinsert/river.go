// River's Insert takes no transaction: InsertTx does.
package riverinsert

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

type WelcomeArgs struct{ UserID int64 }

func (WelcomeArgs) Kind() string { return "welcome" }

func SignUp(ctx context.Context, pool *pgxpool.Pool, client *river.Client[pgx.Tx], email string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, email).Scan(&id); err != nil {
		return err
	}
	if _, err := client.Insert(ctx, WelcomeArgs{UserID: id}, nil); err != nil { // want `this job is enqueued outside transaction tx, which writes users and is still open\nit is enqueued by River's Insert: .* call InsertTx with the transaction, or enqueue after tx.Commit succeeds`
		return err
	}
	return tx.Commit(ctx)
}
