// The worker backs off under its limit and fails at it; an operator's
// "retry" button, an HTTP handler, starts a failed job's count again.
// That is a requeue by hand, not a retry path.
package ok_xresethandler

import (
	"context"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"

	"xresetstore"
	"xresetsvc"
)

type Admin struct{ s *xresetstore.Store }

func (a *Admin) Retry(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	if err := a.s.RetryNow(r.Context(), id); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (a *Admin) RetryEcho(c echo.Context) error {
	id, _ := strconv.ParseInt(c.Param("id"), 10, 64)
	if err := a.s.RetryNow(c.Request().Context(), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusAccepted)
}

func (a *Admin) RetryGin(c *gin.Context) {
	id, _ := strconv.ParseInt(c.Param("id"), 10, 64)
	if a.s.RetryNow(c.Request.Context(), id) == nil {
		c.Status(http.StatusAccepted)
	}
}

func Routes(mux *http.ServeMux, s *xresetstore.Store, svc *xresetsvc.Service) {
	mux.HandleFunc("POST /jobs/{id}/retry", func(w http.ResponseWriter, r *http.Request) {
		id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
		_ = svc.RetryJob(r.Context(), id)
	})
	mux.HandleFunc("POST /jobs/{id}/retry-all", func(w http.ResponseWriter, r *http.Request) {
		id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
		_ = s.RetryNow(r.Context(), id)
	})
}

func Run(ctx context.Context, s *xresetstore.Store, handle func(xresetstore.Job) error) {
	const maxAttempts = 5
	for ctx.Err() == nil {
		j, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(j); err != nil {
			if j.Attempts >= maxAttempts {
				s.Fail(ctx, j.ID)
			} else {
				s.Backoff(ctx, j.ID)
			}
			continue
		}
		s.Complete(ctx, j.ID)
	}
}
