// A harvester's workers, started by go statements, take newly found
// videos from a channel and make each one's row runnable through the
// store's Retry. No job was claimed and nothing failed on that path: the
// put-back is the video's enqueue, not a retry.
package ok_xharvester

import (
	"context"
	"os"

	"xstore"
)

type Harvester struct {
	store   *xstore.Store
	found   chan int64
	workers int
	enabled bool
}

func (h *Harvester) Start(ctx context.Context) error {
	if !h.enabled {
		return nil
	}
	if err := os.MkdirAll(os.TempDir(), 0o755); err != nil {
		return err
	}
	for i := 0; i < h.workers; i++ {
		go h.worker(ctx, i)
	}
	return nil
}

func (h *Harvester) worker(ctx context.Context, n int) {
	for {
		select {
		case <-ctx.Done():
			return
		case id, ok := <-h.found:
			if !ok {
				return
			}
			h.process(ctx, id)
		}
	}
}

func (h *Harvester) process(ctx context.Context, id int64) {
	if h.store != nil {
		if err := h.store.Retry(ctx, id); err == nil {
			return
		}
	}
	h.local(id)
}

func (h *Harvester) local(id int64) {}
