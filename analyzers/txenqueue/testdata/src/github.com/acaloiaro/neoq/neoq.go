// Package neoq is a stub of github.com/acaloiaro/neoq for analysistest:
// the names and signatures txenqueue matches, with no behaviour.
package neoq

import "context"

type Job struct {
	Queue   string
	Payload map[string]any
}

type Neoq interface {
	Enqueue(ctx context.Context, job *Job) (jobID string, err error)
}
