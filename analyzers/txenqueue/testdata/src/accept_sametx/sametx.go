// The job is inserted in the transaction that writes the entity: both
// commit, or neither.
package accept_sametx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/vgarvardt/gue/v5"
)

type WelcomeArgs struct{ UserID int64 }

func (WelcomeArgs) Kind() string { return "welcome" }

func SignUp(ctx context.Context, pool *pgxpool.Pool, email string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, email).Scan(&id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('welcome_email', jsonb_build_object('user_id', $1::bigint))`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func SignUpRiver(ctx context.Context, pool *pgxpool.Pool, client *river.Client[pgx.Tx], email string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO users (email) VALUES ($1) RETURNING id`, email).Scan(&id); err != nil {
		return err
	}
	if _, err := client.InsertTx(ctx, tx, WelcomeArgs{UserID: id}, nil); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func Invite(ctx context.Context, pool *pgxpool.Pool, gc *gue.Client, email string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `DELETE FROM invitations WHERE email = $1`, email); err != nil {
		return err
	}
	if err := gc.EnqueueTx(ctx, &gue.Job{Type: "invite"}, tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
