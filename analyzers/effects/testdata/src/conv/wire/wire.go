// want package:`converted\(conv/queue.Named<conv/impl.Mem, conv/queue.Queue<conv/impl.PG, conv/queue.Queue<iface:conv/queue.Named\)`

// Package wire converts nothing itself: it lists what its import does,
// so that a command importing only wire sees the whole program.
package wire

import (
	"context"

	"conv/impl"
)

func Run(ctx context.Context) error { return impl.Pick(false).Nack(ctx, 1) }
