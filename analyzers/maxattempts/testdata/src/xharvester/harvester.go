// ok_xharvester's workers, but each puts a video back through the store's
// Retry only once its download failed, from a goroutine handed the id by
// an exported function whose callers are out of sight, from a deferred
// release, from a function also handed on as a value, or from one nothing
// calls: what failed before those is not known, and each is a retry with
// no limit.
package xharvester

import (
	"context"
	"os"

	"xstore"
)

type Harvester struct {
	store   *xstore.Store
	found   chan int64
	failed  chan int64
	workers int
	enabled bool
	hooks   []func(context.Context)
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
		case id := <-h.failed:
			h.handle(ctx, id)
		}
	}
}

func (h *Harvester) process(ctx context.Context, id int64) {
	if err := h.download(id); err != nil {
		h.store.Retry(ctx, id) // want `this call puts the job back with no limit`
	}
}

func (h *Harvester) download(id int64) error {
	_, err := os.Stat(os.TempDir())
	return err
}

// RetryLater is called by a worker elsewhere once the job failed.
func (h *Harvester) RetryLater(ctx context.Context, id int64) {
	go h.requeue(ctx, id)
}

func (h *Harvester) requeue(ctx context.Context, id int64) {
	h.store.Retry(ctx, id) // want `this call puts the job back with no limit`
}

// handle releases the job when it returns, whatever its work did.
func (h *Harvester) handle(ctx context.Context, id int64) {
	defer h.release(ctx, id)
	_ = h.download(id)
}

func (h *Harvester) release(ctx context.Context, id int64) {
	h.store.Retry(ctx, id) // want `this call puts the job back with no limit`
}

// Watch starts watch and hands it on as a hook too: a hook may be called
// by anything, after anything failed.
func (h *Harvester) Watch(ctx context.Context) {
	go h.watch(ctx)
	h.hooks = append(h.hooks, h.watch)
}

func (h *Harvester) watch(ctx context.Context) {
	for id := range h.found {
		h.store.Retry(ctx, id) // want `this call puts the job back with no limit`
	}
}

// orphan has no caller: where it would run is not known.
func (h *Harvester) orphan(ctx context.Context, id int64) {
	h.store.Retry(ctx, id) // want `this call puts the job back with no limit`
}
