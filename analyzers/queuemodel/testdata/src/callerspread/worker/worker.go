package worker

import (
	"context"

	"callerspread"
)

func Run(ctx context.Context, s *callerspread.Store, work func(int64) error) error {
	id, err := s.Claim(ctx)
	if err != nil {
		return err
	}
	if err := work(id); err != nil {
		s.Note(ctx, id, "worker failed")
		return s.SetStatus(ctx, id, callerspread.Failed)
	}
	return s.SetStatus(ctx, id, callerspread.Done)
}

func Stop(ctx context.Context, s *callerspread.Store, id int64, late bool) error {
	return s.Close(ctx, id, callerspread.Done, late)
}
