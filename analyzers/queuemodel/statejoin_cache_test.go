package queuemodel

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/callerargs"
)

// A reaper that gives the store's SetStatus the state it puts a stuck job
// back in: which call gives which state decides the join, so swapping the
// states of the reaper's call and the worker's changes the key go vet
// caches results under, though every call's values, taken together, stay
// the same (the worker's call differs from the reaper's in its state only).
func TestModuleKeyCoversJoinState(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	key := func() string {
		forget()
		callerargs.Forget()
		var b bytes.Buffer
		ModuleKey(&b, root, nil)
		return b.String()
	}
	t.Cleanup(func() { forget(); callerargs.Forget() })
	write("go.mod", "module example.com/q\n")
	write("store/store.go", `package store

import "context"

type Status string

const (
	Queued Status = "queued"
	Failed Status = "failed"
)

type DB interface {
	ExecContext(ctx context.Context, q string, args ...any) (any, error)
}

type Store struct{ db DB }

func (s *Store) SetStatus(ctx context.Context, id int64, st Status) {
	s.db.ExecContext(ctx, "UPDATE jobs SET status = $1 WHERE id = $2", string(st), id)
}
`)
	reaper := `package reaper

import (
	"context"

	"example.com/q/store"
)

func Reap(ctx context.Context, s Store, hb Beats) {
	running, _ := s.ListRunning(ctx)
	for _, j := range running {
		if hb.Alive(j.Worker) {
			continue
		}
		s.SetStatus(ctx, j.ID, store.Queued)
	}
}
`
	worker := `package worker

import (
	"context"

	"example.com/q/store"
)

// Reap fails every running job: it decides nothing, so it joins nothing.
func Reap(ctx context.Context, s Store, hb Beats) {
	running, _ := s.ListRunning(ctx)
	for _, j := range running {
		s.SetStatus(ctx, j.ID, store.Failed)
	}
}
`
	write("reaper/reaper.go", reaper)
	write("worker/worker.go", worker)
	queued := key()
	require.Len(t, moduleJoins(root), 1)

	write("reaper/reaper.go", strings.Replace(reaper, "package reaper", "// Package reaper reaps.\npackage reaper", 1))
	require.Equal(t, queued, key(), "a comment changes no join")

	write("reaper/reaper.go", strings.Replace(reaper, "store.Queued", "store.Failed", 1))
	write("worker/worker.go", strings.Replace(worker, "store.Failed", "store.Queued", 1))
	require.NotEqual(t, queued, key(), "the reaper's call now buries the job")
}
