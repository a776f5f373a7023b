// A sender wakes every minute and, for each campaign being sent, mails
// its queued recipients: the poll reads one campaign's rows, found by
// the primary key (campaign_id, address), and each turn of the loop binds
// another campaign. The loop is a pass over the campaigns, not one
// campaign's rows polled again and again.
package accept_owner_campaignloop

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Mailer interface {
	Send(ctx context.Context, to string) error
}

func Add(ctx context.Context, pool *pgxpool.Pool, campaignID int64, address string) error {
	_, err := pool.Exec(ctx, `INSERT INTO campaign_recipients (campaign_id, address) VALUES ($1, $2)`, campaignID, address)
	return err
}

func Run(ctx context.Context, pool *pgxpool.Pool, m Mailer) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		rows, err := pool.Query(ctx, `SELECT id FROM campaigns WHERE status = 'sending'`)
		if err != nil {
			continue
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			continue
		}
		for _, id := range ids {
			_ = sendCampaign(ctx, pool, m, id)
		}
	}
}

func sendCampaign(ctx context.Context, pool *pgxpool.Pool, m Mailer, campaignID int64) error {
	rows, err := pool.Query(ctx, `SELECT address FROM campaign_recipients WHERE campaign_id = $1 AND status = 'queued'`, campaignID)
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
		if _, err := pool.Exec(ctx, `UPDATE campaign_recipients SET status = 'sent', sent_at = now()
			WHERE campaign_id = $1 AND address = $2`, campaignID, a); err != nil {
			return err
		}
	}
	_, err = pool.Exec(ctx, `UPDATE campaigns SET status = 'sent' WHERE id = $1`, campaignID)
	return err
}
