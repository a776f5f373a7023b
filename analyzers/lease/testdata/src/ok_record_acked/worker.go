// A consumer of a broker that redelivers a message until it is
// acknowledged (NATS JetStream, RabbitMQ with manual acks) marks the
// record running, runs the job, records the outcome and acknowledges. A
// consumer killed mid-job never acknowledged: the broker delivers the
// message again and the next consumer moves the record on.
package ok_record_acked

import (
	"context"
	"log"

	"ok_record_acked/store"
)

// Msg is a delivered message.
type Msg interface {
	Data() []byte
	Ack() error
}

type Consumer interface {
	Consume(handle func(Msg)) error
}

func Run(ctx context.Context, c Consumer, st *store.Store, send func(context.Context, []byte) error) error {
	return c.Consume(func(m Msg) {
		id := string(m.Data())
		if err := st.SetStatus(ctx, id, store.StatusRunning); err != nil {
			log.Print(err)
			return
		}
		status := store.StatusDone
		if err := send(ctx, m.Data()); err != nil {
			status = store.StatusFailed
		}
		if err := st.SetStatus(ctx, id, status); err != nil {
			log.Print(err)
			return // not acknowledged: delivered again
		}
		m.Ack()
	})
}
