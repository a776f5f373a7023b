// Package pool runs workers that pop job ids from a Redis list and hand
// each to a Processor: the code that runs a job is known here only by
// that interface, which the service implements in a package that imports
// this one.
package pool

import (
	"context"
	"time"
)

type Processor interface {
	ProcessJob(ctx context.Context, id string)
}

// Source is the Redis list the API pushes job ids onto (BRPOP).
type Source interface {
	Pop(ctx context.Context) (string, error)
}

type Pool struct {
	src  Source
	proc Processor
}

func New(src Source, proc Processor) *Pool { return &Pool{src: src, proc: proc} }

func (p *Pool) Run(ctx context.Context, n int) {
	for range n {
		go p.work(ctx)
	}
}

func (p *Pool) work(ctx context.Context) {
	for ctx.Err() == nil {
		id, err := p.src.Pop(ctx)
		if err != nil {
			continue
		}
		p.proc.ProcessJob(ctx, id)
	}
}

// Backoff is the delay before a job's next attempt.
func Backoff(attempts int) time.Duration { return time.Duration(attempts) * time.Second }
