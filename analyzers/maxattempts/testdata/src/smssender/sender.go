// Package smssender sends what smsstore keeps: a message the gateway
// refuses is logged and left pending, and every tick sends it again.
package smssender

import (
	"context"
	"log"
	"net/http"
	"net/url"
	"time"

	"smsstore"
)

type Sender struct {
	Store   smsstore.Store
	Gateway string
}

func (s *Sender) send(ctx context.Context, m smsstore.Message) error {
	form := url.Values{"to": {m.Phone}, "text": {m.Text}}
	resp, err := http.PostForm(s.Gateway, form)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Sender) Run(ctx context.Context) {
	t := time.NewTicker(30 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		msgs, err := s.Store.Unsent(ctx, 10)
		if err != nil {
			log.Printf("poll: %v", err)
			continue
		}
		for _, m := range msgs {
			if err := s.send(ctx, m); err != nil { // want `a row whose send keeps failing is sent again by every poll, with no attempt count`
				log.Printf("sms %d: %v", m.ID, err)
				continue
			}
			if err := s.Store.MarkSent(ctx, m.ID); err != nil {
				log.Printf("sms %d: mark sent: %v", m.ID, err)
			}
		}
	}
}
