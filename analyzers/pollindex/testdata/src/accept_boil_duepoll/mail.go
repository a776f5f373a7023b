// A mail sender written with sqlboiler's generated models: each pass
// takes the pending mails whose send time has come, oldest first, and
// marks each sent in the same transaction.
package accept_boil_duepoll

import (
	"context"
	"database/sql"
	"time"

	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/queries/qm"

	"boilmodels"
)

func SendDue(ctx context.Context, db *sql.DB, send func(*boilmodels.OutgoingEmail) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	emails, err := boilmodels.OutgoingEmails(
		boilmodels.OutgoingEmailWhere.Status.EQ("pending"),
		boilmodels.OutgoingEmailWhere.SendAfter.LT(time.Now()),
		qm.OrderBy("send_after"),
		qm.Limit(50),
		qm.For("UPDATE SKIP LOCKED"),
	).All(ctx, tx)
	if err != nil {
		return err
	}
	for _, e := range emails {
		if err := send(e); err != nil {
			return err
		}
		e.Status = "sent"
		if _, err := e.Update(ctx, tx, boil.Infer()); err != nil {
			return err
		}
	}
	return tx.Commit()
}
