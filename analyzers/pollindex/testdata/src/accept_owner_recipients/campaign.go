// A mail campaign sends to its own recipients: the poll reads one
// campaign's pending rows, which the primary key (campaign_id, address)
// finds without walking other campaigns'. One send locks the campaign's
// pending rows until it commits.
package accept_owner_recipients

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Mailer interface {
	Send(ctx context.Context, to string) error
}

func Add(ctx context.Context, pool *pgxpool.Pool, campaignID int64, address string) error {
	_, err := pool.Exec(ctx, `INSERT INTO bulk_email_recipients (campaign_id, address) VALUES ($1, $2)`, campaignID, address)
	return err
}

func SendCampaign(ctx context.Context, pool *pgxpool.Pool, m Mailer, campaignID int64) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT address FROM bulk_email_recipients WHERE campaign_id = $1 AND status = 'pending'
			FOR UPDATE`, campaignID)
		if err != nil {
			return err
		}
		addresses, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		for _, a := range addresses {
			if err := m.Send(ctx, a); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE bulk_email_recipients SET status = 'sent', sent_at = now()
				WHERE campaign_id = $1 AND address = $2`, campaignID, a); err != nil {
				return err
			}
		}
		return nil
	})
}
