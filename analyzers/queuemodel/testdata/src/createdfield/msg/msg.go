// Package msg is a message of a relay table; its state is a field the
// caller may set, given a default where the relay takes it in.
package msg

type Message struct {
	ID    int64
	Body  []byte
	State string
	Tries int
}

const (
	Waiting = "waiting"
	Sending = "sending"
	Sent    = "sent"
	Dead    = "dead"
)

// Normalize fills in what the caller left out.
func (m *Message) Normalize() {
	if m.State == "" {
		m.State = Waiting
	}
}
