// A consumer of a subject marks each email's record sending, sends it,
// and records how it went; a failed write of the outcome ends the
// process with log.Fatal, after the email went out.
package record_fatal

import (
	"context"
	"log"

	"record_fatal/store"
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
		if err := m.Send(ctx, id); err != nil {
			if err := st.SetStatus(ctx, id, "failed"); err != nil { // want `a failed bookkeeping write stops the worker here`
				log.Fatal(err)
			}
			return
		}
		if err := st.SetStatus(ctx, id, "delivered"); err != nil { // want `a failed bookkeeping write stops the worker here`
			log.Fatalln(err)
		}
	})
}
