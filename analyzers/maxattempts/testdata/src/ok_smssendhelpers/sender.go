// Package ok_smssendhelpers sends what smsstore keeps; each send helper
// hands a refused message to another package of the module, which writes
// the failure through the store, or may (a sink of the module's own, a
// function it was given: out of sight), before the loop goes on.
package ok_smssendhelpers

import (
	"context"
	"net/http"
	"net/url"

	"smslog"
	"smsnotice"
	"smsstore"
)

type Sender struct {
	Store    smsstore.Store
	Gateway  string
	Log      smslog.Logger
	Notifier *smsnotice.Notifier
	Audit    *smsnotice.Audit
	Hook     *smsnotice.Hook
}

func (s *Sender) post(m smsstore.Message) error {
	resp, err := http.PostForm(s.Gateway, url.Values{"to": {m.Phone}, "text": {m.Text}})
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Sender) sendNotified(ctx context.Context, m smsstore.Message) error {
	if err := s.post(m); err != nil {
		s.Log.Err("gateway refused", "id", m.ID)
		s.Notifier.Failed(ctx, m.ID, err)
		return err
	}
	return nil
}

func (s *Sender) sendAudited(ctx context.Context, m smsstore.Message) error {
	if err := s.post(m); err != nil {
		s.Audit.Failed(ctx, m.ID, err)
		return err
	}
	return nil
}

func (s *Sender) sendHooked(ctx context.Context, m smsstore.Message) error {
	if err := s.post(m); err != nil {
		s.Hook.Failed(ctx, m.ID, err)
		return err
	}
	return nil
}

func (s *Sender) RunNotified(ctx context.Context) {
	msgs, err := s.Store.Unsent(ctx, 10)
	if err != nil {
		return
	}
	for _, m := range msgs {
		if err := s.sendNotified(ctx, m); err != nil {
			continue
		}
		_ = s.Store.MarkSent(ctx, m.ID)
	}
}

func (s *Sender) RunAudited(ctx context.Context) {
	msgs, err := s.Store.Unsent(ctx, 10)
	if err != nil {
		return
	}
	for _, m := range msgs {
		if err := s.sendAudited(ctx, m); err != nil {
			continue
		}
		_ = s.Store.MarkSent(ctx, m.ID)
	}
}

func (s *Sender) RunHooked(ctx context.Context) {
	msgs, err := s.Store.Unsent(ctx, 10)
	if err != nil {
		return
	}
	for _, m := range msgs {
		if err := s.sendHooked(ctx, m); err != nil {
			continue
		}
		_ = s.Store.MarkSent(ctx, m.ID)
	}
}
