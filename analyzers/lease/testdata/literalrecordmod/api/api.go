// Package api creates tasks pending and hands their ids to the workers.
package api

import (
	"context"

	"example.com/literalrecord/models"
	"example.com/literalrecord/store"
)

type API struct {
	store *store.Store
	ids   chan<- int64
}

func (a *API) Submit(ctx context.Context, kind string) (int64, error) {
	t := &models.Task{Kind: kind, Status: models.StatusPending}
	if err := a.store.Create(ctx, t); err != nil {
		return 0, err
	}
	a.ids <- t.ID
	return t.ID, nil
}
