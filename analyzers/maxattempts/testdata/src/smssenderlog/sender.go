// Package smssenderlog sends what smsstore keeps; its send helper logs a
// refused message through the module's own logger and returns the error,
// and the loop goes on to the next message: the message stays pending,
// and every tick sends it again.
package smssenderlog

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"smslog"
	"smsstore"
)

type Sender struct {
	Store   smsstore.Store
	Gateway string
	Log     smslog.Logger
}

func (s *Sender) send(ctx context.Context, m smsstore.Message) error {
	if m.Phone == "" {
		s.Log.Err("message has no phone number", "id", m.ID)
		return errors.New("no phone number")
	}
	resp, err := http.PostForm(s.Gateway, url.Values{"to": {m.Phone}, "text": {m.Text}})
	if err != nil {
		s.Log.Err("gateway refused", "id", m.ID, "err", err)
		return err
	}
	s.Log.Inf("sent", "id", m.ID)
	return resp.Body.Close()
}

func (s *Sender) Run(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		msgs, err := s.Store.Unsent(ctx, 10)
		if err != nil {
			continue
		}
		for _, m := range msgs {
			if err := s.send(ctx, m); err != nil { // want `a row whose send keeps failing is sent again by every poll, with no attempt count`
				continue
			}
			_ = s.Store.MarkSent(ctx, m.ID)
		}
	}
}
