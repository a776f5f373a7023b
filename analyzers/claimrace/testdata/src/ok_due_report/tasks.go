// A to-do app: overdue tasks listed for the user, and a task moved to a
// later date or deleted by the user's request. Nothing reads the due rows
// and takes them: no queue.
package ok_due_report

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Task struct {
	ID    int64     `json:"id"`
	Title string    `json:"title"`
	Due   time.Time `json:"due"`
}

type API struct{ pool *pgxpool.Pool }

func (a *API) Overdue(w http.ResponseWriter, r *http.Request) {
	rows, err := a.pool.Query(r.Context(), `SELECT id, title, due_at FROM tasks WHERE due_at < now() ORDER BY due_at`)
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	defer rows.Close()
	var out []Task
	for rows.Next() {
		var t Task
		if err := rows.Scan(&t.ID, &t.Title, &t.Due); err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		out = append(out, t)
	}
	_ = json.NewEncoder(w).Encode(out)
}

func (a *API) Postpone(ctx context.Context, id int64, to time.Time) error {
	_, err := a.pool.Exec(ctx, `UPDATE tasks SET due_at = $2 WHERE id = $1`, id, to)
	return err
}

func (a *API) Delete(ctx context.Context, id int64) error {
	_, err := a.pool.Exec(ctx, `DELETE FROM tasks WHERE id = $1`, id)
	return err
}
