// The service layer between the admin API and the store: RetryJob always
// starts the job's count again; who calls it decides what that is.
package xresetsvc

import (
	"context"

	"xresetstore"
)

type Service struct{ Store *xresetstore.Store }

func (s *Service) RetryJob(ctx context.Context, id int64) error { // want RetryJob:"resets attempts\\(store.go:41\\)"
	return s.Store.RetryNow(ctx, id)
}
