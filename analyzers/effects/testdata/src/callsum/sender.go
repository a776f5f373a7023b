// want package:"nostatement Loop Sender.Build}"

// Package callsum calls callsumlib's helpers: its own functions run no
// statement when the helpers it calls carry the fact that they run none.
package callsum

import (
	"context"
	"errors"

	"callsumlib"
)

type Sender struct {
	log   callsumlib.Logger
	store *callsumlib.Store
	audit *callsumlib.Audit
}

func (s *Sender) Build(to []string) error {
	subj, err := callsumlib.Subject(to)
	if err != nil {
		s.log.Err("no subject", "err", err)
		return err
	}
	s.log.Inf(subj)
	return errors.New("unsent")
}

func (s *Sender) Fail(ctx context.Context, id int64) error {
	s.log.Err("send failed")
	return s.store.Failed(ctx, id)
}

func (s *Sender) Tell(ctx context.Context) {
	s.audit.Note(ctx, "send failed")
}

func Loop(n int) int {
	return callsumlib.Count(n)
}

func Round(ctx context.Context, s *callsumlib.Store) {
	callsumlib.Ping(ctx, s, 2)
}
