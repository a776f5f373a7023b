package queue

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// recorder is a Metrics that keeps what it is told.
type recorder struct {
	mu   sync.Mutex
	runs []JobMetrics
}

func (r *recorder) JobDone(m JobMetrics) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.runs = append(r.runs, m)
}

func (r *recorder) count(outcome string) (n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, m := range r.runs {
		if m.Outcome == outcome {
			n++
		}
	}
	return n
}

// The metrics hook hears of every run's outcome, with its kind, how long
// the job waited once due and how long its handler ran: what a Prometheus
// exporter turns into counters and histograms by kind and outcome.
func TestMetricsHookSeesEveryOutcome(t *testing.T) {
	_, pool := newDB(t)
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		time.Sleep(20 * time.Millisecond)
		switch {
		case args.N == 1 && job.Attempt == 1:
			return errors.New("try again")
		case args.N == 2:
			return fmt.Errorf("bad account: %w", ErrPermanent)
		}
		return nil
	})
	enqueueNoops(t, pool, 3, EnqueueOptions{})
	var m recorder
	runWorker(t, NewWorker(pool, h, fast(Config{Metrics: &m})))
	waitFor(t, "every job to finish", func() bool {
		return countState(t, pool, "succeeded")+countState(t, pool, "failed") == 3
	})
	waitFor(t, "four outcomes", func() bool { return m.count("succeeded")+m.count("retried")+m.count("failed") == 4 })

	require.Equal(t, 2, m.count("succeeded"))
	require.Equal(t, 1, m.count("retried"))
	require.Equal(t, 1, m.count("failed"))
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, r := range m.runs {
		require.Equal(t, "noop", r.Kind)
		require.Equal(t, DefaultQueue, r.Queue)
		require.GreaterOrEqual(t, r.Run, 20*time.Millisecond, "%+v", r)
		require.GreaterOrEqual(t, r.Wait, time.Duration(0), "%+v", r)
		require.Less(t, r.Wait, time.Minute, "%+v", r)
	}
}
