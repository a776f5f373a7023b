// want package:`converted\(conv/queue.Named<conv/impl.Mem, conv/queue.Queue<conv/impl.PG, conv/queue.Queue<iface:conv/queue.Named\)`

// Package impl converts its types to the interfaces: *PG directly, Mem
// through Named, and a Mem to the empty interface, which is not listed.
package impl

import (
	"context"

	"conv/queue"
)

type PG struct{}

func (*PG) Nack(ctx context.Context, id int64) error { return nil }

type Mem struct{}

func (Mem) Nack(ctx context.Context, id int64) error { return nil }
func (Mem) Name() string                             { return "mem" }

func NewPG() queue.Queue { return &PG{} } // want NewPG:`results\({conv/impl.PG}\)`

func Pick(mem bool) queue.Queue { // want Pick:`results\({conv/impl.Mem, conv/impl.PG}\)`
	var n queue.Named = Mem{}
	var e queue.Empty = Mem{}
	_ = e
	if mem {
		return n
	}
	return NewPG()
}
