// Package msg gives a message's state a default, or the state a caller
// names: no constant says in which state messages are created.
package msg

type Message struct {
	ID    int64
	Body  []byte
	State string
}

const Waiting = "waiting"

func (m *Message) Normalize(state string) {
	m.State = Waiting
	if state != "" {
		m.State = state
	}
}
