// The consumer of record_fatal, which logs a failed write of the outcome
// and goes on with the next email.
package ok_record_logged

import (
	"context"
	"log"

	"ok_record_logged/store"
)

type Subscriber interface {
	Subscribe(subject string, handle func(id string)) error
}

type Mailer interface {
	Send(ctx context.Context, id string) error
}

func Listen(ctx context.Context, sub Subscriber, st *store.Store, m Mailer) error {
	return sub.Subscribe("emails", func(id string) {
		if err := st.SetStatus(ctx, id, "sending"); err != nil {
			log.Fatal(err) // before the send: nothing was done yet
		}
		status := "delivered"
		if err := m.Send(ctx, id); err != nil {
			status = "failed"
		}
		if err := st.SetStatus(ctx, id, status); err != nil {
			log.Printf("email %s: recording %s: %v", id, status, err)
		}
	})
}
