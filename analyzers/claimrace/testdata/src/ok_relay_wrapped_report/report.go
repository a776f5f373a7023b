// A dashboard over an outbox: it lists the events not yet processed, and
// an operator's button sets one event's status. Nothing reads rows to
// hand them on: no relay, no queue.
package ok_relay_wrapped_report

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Dashboard struct{ pool *pgxpool.Pool }

type row struct {
	ID     int64  `json:"id"`
	Topic  string `json:"topic"`
	Status string `json:"status"`
}

func (d *Dashboard) Save(ctx context.Context, topic string, payload []byte) error {
	_, err := d.pool.Exec(ctx, `INSERT INTO outbox (topic, payload) VALUES ($1, $2)`, topic, payload)
	return err
}

func (d *Dashboard) Unprocessed(w http.ResponseWriter, r *http.Request) {
	rows, err := d.pool.Query(r.Context(), `SELECT id, topic, COALESCE(status, '') FROM outbox WHERE status IS DISTINCT FROM 'processed' ORDER BY id`)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		var x row
		if err := rows.Scan(&x.ID, &x.Topic, &x.Status); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		out = append(out, x)
	}
	_ = json.NewEncoder(w).Encode(out)
}

func (d *Dashboard) Skip(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if _, err := d.pool.Exec(r.Context(), `UPDATE outbox SET status = $2 WHERE id = $1`, id, sql.NullString{String: "processed", Valid: true}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
