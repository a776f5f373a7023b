// Package api creates tasks pending, or in the state the client asks for
// (a task may be created already running, for one the client runs
// itself): the tool cannot tell which states tasks are created in, so it
// reads no record.
package api

import (
	"context"

	"example.com/okliteralrecord/models"
	"example.com/okliteralrecord/store"
)

type API struct {
	store *store.Store
	ids   chan<- int64
}

func (a *API) Submit(ctx context.Context, kind, status string) (int64, error) {
	t := &models.Task{Kind: kind, Status: models.Status(status)}
	if err := a.store.Create(ctx, t); err != nil {
		return 0, err
	}
	a.ids <- t.ID
	return t.ID, nil
}

func (a *API) SubmitPending(ctx context.Context, kind string) (int64, error) {
	t := &models.Task{Kind: kind, Status: models.StatusPending}
	if err := a.store.Create(ctx, t); err != nil {
		return 0, err
	}
	a.ids <- t.ID
	return t.ID, nil
}
