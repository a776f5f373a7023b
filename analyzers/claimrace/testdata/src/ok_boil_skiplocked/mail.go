// sqlboiler: the poll locks its rows with qm.For("UPDATE SKIP LOCKED")
// and the Update of each runs in the same transaction, which holds the
// locks until it commits. A lookup by id elsewhere takes no job.
package ok_boil_skiplocked

import (
	"context"
	"database/sql"

	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/queries/qm"

	"boilmodels"
)

func SendPending(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	emails, err := boilmodels.OutgoingEmails(
		boilmodels.OutgoingEmailWhere.Status.EQ("pending"),
		qm.OrderBy("created_at"),
		qm.Limit(10),
		qm.For("UPDATE SKIP LOCKED"),
	).All(ctx, tx)
	if err != nil {
		return err
	}
	for _, e := range emails {
		e.Status = "sending"
		if _, err := e.Update(ctx, tx, boil.Infer()); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func Recipient(ctx context.Context, exec boil.ContextExecutor, id int64) (string, error) {
	e, err := boilmodels.OutgoingEmails(boilmodels.OutgoingEmailWhere.ID.EQ(id)).One(ctx, exec)
	if err != nil {
		return "", err
	}
	return e.Recipient, nil
}
