// A messaging server hands out one of a user's pre-published key packages
// per request, oldest first, and deletes it as it goes: the poll reads one
// user's rows, found by the index on user_id, and the table keeps none
// that were handed out. Sorting a user's waiting packages is all the poll
// costs, however many users the table holds.
package accept_owner_keypackages

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
	err := s.pool.QueryRow(r.Context(), `DELETE FROM key_packages WHERE id = (
		SELECT id FROM key_packages WHERE user_id = $1 AND expires_at > now() ORDER BY created_at LIMIT 1)
		RETURNING id, data`, userID).Scan(&id, &data)
	if err != nil {
		http.Error(w, "no key package", http.StatusNotFound)
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"id": id, "data": data})
}
