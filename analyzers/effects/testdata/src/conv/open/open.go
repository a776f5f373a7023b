// want package:`converted\(conv/queue.Named<conv/impl.Mem, conv/queue.Queue<conv/impl.PG, conv/queue.Queue<iface:conv/queue.Named; open conv/queue.Queue\)`

// Package open takes a Queue out of a value of any type: what was put in
// is out of sight, so Queue is open.
package open

import (
	"conv/impl"
	"conv/queue"
)

var _ = impl.NewPG

func From(v any) (queue.Queue, bool) {
	q, ok := v.(queue.Queue)
	return q, ok
}
