// Package other has an unexported function of the same name and arity as
// the worker's hop, called with a state of its own: it is not the
// worker's, and adds nothing to what the worker's finish is given.
package other

import "context"

type Audit struct{}

func (a *Audit) finish(ctx context.Context, id int64, s string, msg string) {
	_ = ctx
}

func (a *Audit) Log(ctx context.Context, id int64) {
	a.finish(ctx, id, "archived", "")
}
