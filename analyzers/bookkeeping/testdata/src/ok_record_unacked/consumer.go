// want package:`drops calls ok_record_unacked.Msg.Nak at consumer.go:36, calls ok_record_unacked.Msg.Nak at consumer.go:45, calls ok_record_unacked.Msg.Ack at consumer.go:48}$`

// A consumer of a broker that redelivers unacknowledged messages records
// the outcome, and acknowledges only once it is recorded: a failed write
// leaves the message unacknowledged, and the email is sent again. That is
// the at-least-once delivery the broker promises (the mailer dedupes on
// the email's id); acknowledging first would lose the record instead. The
// rule accepts it.
package ok_record_unacked

import (
	"context"
	"log"

	"ok_record_unacked/store"
)

type Msg interface {
	ID() string
	Ack() error
	Nak() error
}

type Subscriber interface {
	Subscribe(subject string, handle func(m Msg)) error
}

type Mailer interface {
	Send(ctx context.Context, id string) error
}

func Listen(ctx context.Context, sub Subscriber, st *store.Store, m Mailer) error {
	return sub.Subscribe("emails", func(msg Msg) {
		id := msg.ID()
		if err := st.SetStatus(ctx, id, "sending"); err != nil {
			msg.Nak()
			return
		}
		status := "delivered"
		if err := m.Send(ctx, id); err != nil {
			status = "failed"
		}
		if err := st.SetStatus(ctx, id, status); err != nil {
			log.Printf("email %s: recording %s: %v", id, status, err)
			msg.Nak() // delivered again
			return
		}
		msg.Ack()
	})
}
