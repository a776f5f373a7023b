// Package service runs one evaluation: it marks it processing, runs the
// model, and saves the outcome. Nothing in this package calls Evaluate:
// its callers, in other packages, say whether a worker runs it.
package service

import (
	"context"

	"example.com/okrunnerrecord/store"
)

type Service struct {
	st    *store.Store
	model func(context.Context, string) (string, error)
}

func New(st *store.Store, model func(context.Context, string) (string, error)) *Service {
	return &Service{st: st, model: model}
}

func (s *Service) Evaluate(ctx context.Context, id string) error {
	e, err := s.st.Get(ctx, id)
	if err != nil {
		return err
	}
	e.Status = store.Processing
	if err := s.st.UpdateStatus(ctx, e); err != nil {
		return err
	}
	summary, err := s.model(ctx, e.ID)
	if err != nil {
		e.Status = store.Failed
		e.Error = err.Error()
	} else {
		e.Status = store.Completed
		e.Summary = summary
	}
	return s.st.UpdateResult(ctx, e)
}
