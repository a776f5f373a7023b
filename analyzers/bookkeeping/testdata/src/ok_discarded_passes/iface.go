package ok_discarded_passes

import (
	"context"
	"log"
	"time"

	"bkpasses"
)

// Doner may hold either store of bkpasses: one passes the completion's
// error on, the other logs it first. The tool cannot tell which runs, so
// it says nothing.
type Doner interface {
	Claim(ctx context.Context) (int64, error)
	Done(ctx context.Context, id int64) error
}

type Worker struct{ d Doner }

func NewWorker(d Doner) *Worker { return &Worker{d: d} }

func (w *Worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		id, err := w.d.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := bkpasses.Handle(ctx, id); err != nil {
			log.Printf("job %d: %v", id, err)
			continue
		}
		w.d.Done(ctx, id)
	}
}

// finish passes on the error of Doner's Done, whose implementations do
// not all pass it on.
func (w *Worker) finish(ctx context.Context, id int64) error {
	return w.d.Done(ctx, id)
}

func (w *Worker) RunOnce(ctx context.Context) {
	id, err := w.d.Claim(ctx)
	if err != nil {
		return
	}
	if err := bkpasses.Handle(ctx, id); err != nil {
		log.Printf("job %d: %v", id, err)
		return
	}
	w.finish(ctx, id)
}
