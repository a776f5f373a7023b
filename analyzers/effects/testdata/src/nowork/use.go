// want package:"nowork MarkBoth}"

// Functions of another package of the module that call noworklib's: each
// does no work where its callees do none.
package nowork

import (
	"context"

	"noworklib"
)

func MarkBoth(ctx context.Context, s *noworklib.Store) error {
	if err := s.Mark(ctx, 1); err != nil {
		return err
	}
	_, err := s.Load(ctx, 1)
	return err
}

func MarkAndNotify(ctx context.Context, s *noworklib.Store) error {
	if err := s.Mark(ctx, 1); err != nil {
		return err
	}
	return noworklib.Notify("http://example.invalid/")
}

func MarkThenRun(ctx context.Context, s *noworklib.Store, h noworklib.Handler) error {
	return noworklib.Dispatch(ctx, h)
}
