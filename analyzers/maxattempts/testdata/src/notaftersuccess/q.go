// Put-backs that a nil error does not make a success: an error the
// standard library returned says only that the request was sent, and a
// check that only logs the handler's error decides nothing.
package notaftersuccess

import (
	"context"
	"log"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, url string, err error) {
	err = pool.QueryRow(ctx, `UPDATE hooks SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM hooks WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, url`).Scan(&id, &url)
	return id, url, err
}

func Deliver(ctx context.Context, pool *pgxpool.Pool) error {
	id, url, err := claim(ctx, pool)
	if err != nil {
		return err
	}
	resp, err := http.Post(url, "application/json", strings.NewReader("{}"))
	if err != nil {
		_, err = pool.Exec(ctx, `UPDATE hooks SET status = 'queued' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		_, err = pool.Exec(ctx, `UPDATE hooks SET status = 'queued', last_status = $2 WHERE id = $1`, id, resp.StatusCode) // want `this retry puts the job back with no limit`
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE hooks SET status = 'done' WHERE id = $1`, id)
	return err
}

func Drain(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) error {
	id, _, err := claim(ctx, pool)
	if err != nil {
		return err
	}
	if err := handle(id); err != nil {
		log.Printf("job %d: %v", id, err)
	}
	_, err = pool.Exec(ctx, `UPDATE hooks SET status = 'queued' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	return err
}
