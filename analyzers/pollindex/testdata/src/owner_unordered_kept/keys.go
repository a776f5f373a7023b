// The same hand-out, marking a package taken instead of deleting it: the
// user's taken packages stay, and every request reads and sorts all of
// them to find a waiting one.
package owner_unordered_kept

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Server struct{ pool *pgxpool.Pool }

func (s *Server) Publish(ctx context.Context, userID string, data []byte) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO key_packages (user_id, data, expires_at) VALUES ($1, $2, now() + interval '30 days')`, userID, data)
	return err
}

func (s *Server) HandleTake(w http.ResponseWriter, r *http.Request) {
	userID := r.URL.Query().Get("user")
	var id string
	var data []byte
	err := s.pool.QueryRow(r.Context(), `UPDATE key_packages SET taken_at = now() WHERE id = (
		SELECT id FROM key_packages WHERE user_id = $1 AND taken_at IS NULL AND expires_at > now() ORDER BY created_at LIMIT 1)
		AND taken_at IS NULL RETURNING id, data`, userID).Scan(&id, &data)
	if err != nil {
		http.Error(w, "no key package", http.StatusNotFound)
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"id": id, "data": data})
}
