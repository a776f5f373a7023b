// sqlboiler, as a mail sender uses it: pending mails read with no row
// lock, then each marked sending by its id with no status re-check, in one
// transaction at the default level. Two senders read the same rows and
// both UPDATEs succeed.
package boil_race

import (
	"context"
	"database/sql"

	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/queries/qm"

	"boilmodels"
)

func SendPending(ctx context.Context, db *sql.DB, send func(*boilmodels.OutgoingEmail) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	emails, err := boilmodels.OutgoingEmails( // want `two workers can claim the same job`
		boilmodels.OutgoingEmailWhere.Status.EQ("pending"),
		qm.OrderBy("created_at"),
		qm.Limit(10),
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
	if err := tx.Commit(); err != nil {
		return err
	}
	for _, e := range emails {
		_ = send(e)
	}
	return nil
}
