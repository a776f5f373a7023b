// An operator's API over the outbox: one handler lists the events not yet
// processed, another sets one event's status. The listing hands nothing
// on, and no loop marks what it returned.
package api

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	db "accept_listing_marked"
)

type Notifier interface {
	Notify(ctx context.Context, pending int) error
}

type API struct {
	q  *db.Queries
	on Notifier
}

func New(pool *pgxpool.Pool, on Notifier) *API { return &API{q: db.New(pool), on: on} }

func (a *API) Pending(ctx context.Context) ([]db.Outbox, error) {
	return a.q.ListOutboxEvents(ctx, []string{"order.created"})
}

// Resolve marks the event the operator chose, after telling the on-call
// channel how many are left: the listing's rows are counted, not handed on.
func (a *API) Resolve(ctx context.Context, id int64) (int, error) {
	events, err := a.q.ListOutboxEvents(ctx, []string{"order.created"})
	if err != nil {
		return 0, err
	}
	if err := a.on.Notify(ctx, len(events)); err != nil {
		return 0, err
	}
	err = a.q.UpdateOutboxEvent(ctx, db.UpdateOutboxEventParams{ID: id, Status: pgtype.Text{String: "processed", Valid: true}})
	return len(events), err
}
