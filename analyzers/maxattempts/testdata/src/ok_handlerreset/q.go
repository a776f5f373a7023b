// The dashboard's "retry" endpoint reschedules one failed delivery with
// a fresh count, in the handler itself: a requeue by hand. The worker's
// own retries stop at the limit.
package ok_handlerreset

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 8

type Handlers struct{ Pool *pgxpool.Pool }

func (h *Handlers) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /deliveries/{id}/retry", h.retry)
	mux.HandleFunc("POST /deliveries/retry", h.retryAll)
	mux.HandleFunc("POST /deliveries/{id}/redeliver", func(w http.ResponseWriter, r *http.Request) {
		h.Pool.Exec(r.Context(), `UPDATE jobs SET status = 'queued', attempts = 0 WHERE id = $1`, r.PathValue("id"))
	})
}

func (h *Handlers) retryAll(w http.ResponseWriter, r *http.Request) {
	requeue := func(id string) {
		h.Pool.Exec(r.Context(), `UPDATE jobs SET status = 'queued', attempts = 0 WHERE id = $1`, id)
	}
	for _, id := range r.URL.Query()["id"] {
		requeue(id)
	}
}

func (h *Handlers) retry(w http.ResponseWriter, r *http.Request) {
	_, err := h.Pool.Exec(r.Context(), `UPDATE jobs SET status = 'queued', attempts = 0, run_at = now() WHERE id = $1 AND status = 'failed'`, r.PathValue("id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func Work(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) {
	for ctx.Err() == nil {
		var id int64
		var attempts int
		err := pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
			SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			if attempts >= maxAttempts {
				pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
			} else {
				pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = now() + interval '1 minute' WHERE id = $1`, id)
			}
			continue
		}
		pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	}
}
