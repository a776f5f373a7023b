// Package examplejobs holds the seed's two kinds of job, as the worker and
// the enqueue example use them: a welcome email and a subscription charge.
// The handlers only log: sending and charging are the application's.
package examplejobs

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jobqlint/jobqlint/reference/queue"
)

// SendEmail sends one email.
type SendEmail struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
}

func (SendEmail) Kind() string { return "send_email" }

// ChargeSubscription charges a subscription once. IdempotencyKey makes a
// re-run (after a worker died mid-charge) charge nothing more.
type ChargeSubscription struct {
	SubscriptionID int64  `json:"subscription_id"`
	AmountCents    int64  `json:"amount_cents"`
	IdempotencyKey string `json:"idempotency_key"`
}

func (ChargeSubscription) Kind() string { return "charge_subscription" }

// Register adds the handlers of both kinds.
func Register(h *queue.Handlers, log *slog.Logger) {
	queue.Handle(h, func(ctx context.Context, job *queue.Job, args SendEmail) error {
		if args.To == "" {
			return fmt.Errorf("email without recipient: %w", queue.ErrPermanent)
		}
		log.Info("sending email", "job", job.ID, "to", args.To, "subject", args.Subject)
		return nil
	})
	queue.Handle(h, func(ctx context.Context, job *queue.Job, args ChargeSubscription) error {
		log.Info("charging subscription", "job", job.ID, "subscription", args.SubscriptionID,
			"amount_cents", args.AmountCents, "idempotency_key", args.IdempotencyKey)
		return nil
	})
}
