package queue

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// provider is a payment provider that charges once per idempotency key.
type provider struct {
	mu      sync.Mutex
	charges map[string]int // by idempotency key
}

func (p *provider) charge(key string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.charges[key]++
}

// A charge whose provider call times out after the provider charged is
// retried with the same idempotency key: the customer is charged once.
// The fence, (ID, Attempt), grows with every claim: a downstream service
// that keeps the highest attempt it saw per job turns away an older run.
func TestIdempotencyKeyIsStableAcrossAttempts(t *testing.T) {
	_, pool := newDB(t)
	id := enqueueNoops(t, pool, 1, EnqueueOptions{MaxAttempts: 3})[0]
	p := &provider{charges: map[string]int{}}
	var mu sync.Mutex
	var attempts []int
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		p.charge(job.IdempotencyKey())
		mu.Lock()
		attempts = append(attempts, job.Attempt)
		mu.Unlock()
		if job.Attempt < 3 {
			return errors.New("provider timed out (after charging)")
		}
		return nil
	})
	runWorker(t, NewWorker(pool, h, fast(Config{Lease: steadyLease})))
	waitFor(t, "the charge to succeed", func() bool { return getJob(t, pool, id).State == "succeeded" })

	p.mu.Lock()
	defer p.mu.Unlock()
	require.Len(t, p.charges, 1, "one idempotency key over every attempt: %v", p.charges)
	mu.Lock()
	defer mu.Unlock()
	require.Equal(t, []int{1, 2, 3}, attempts, "the fence grows with every claim")
}
