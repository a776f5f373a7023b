package store

import (
	"context"
	"errors"
	"sync"
)

// Memory keeps the records in the process, for tests and local runs.
type Memory struct {
	mu   sync.Mutex
	jobs map[string]memJob
}

type memJob struct {
	kind    string
	payload []byte
	status  Status
}

func (m *Memory) Get(_ context.Context, id string) (string, []byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	j, ok := m.jobs[id]
	if !ok {
		return "", nil, errors.New("no such job")
	}
	return j.kind, j.payload, nil
}

func (m *Memory) SetStatus(_ context.Context, id string, status Status) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	j := m.jobs[id]
	j.status = status
	m.jobs[id] = j
	return nil
}
