// A store whose pending invitations an admin page lists, all of them,
// and which marks one sent when the admin sends it by hand; and an inbox
// page that shows every unread notice, oldest first, then marks them
// read. Neither hands rows on for another relay to hand on again.
package ok_relay_unbounded_listing

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

type Invitation struct {
	ID    int64
	Email string
}

func (s *Store) Invite(ctx context.Context, email string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO invitations (email, status) VALUES ($1, 'pending')`, email)
	return err
}

func (s *Store) Pending(ctx context.Context) ([]Invitation, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, email FROM invitations WHERE status = 'pending' ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Invitation
	for rows.Next() {
		var i Invitation
		if err := rows.Scan(&i.ID, &i.Email); err != nil {
			return nil, err
		}
		out = append(out, i)
	}
	return out, rows.Err()
}

func (s *Store) MarkSent(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE invitations SET status = 'sent' WHERE id = $1`, id)
	return err
}

func (s *Store) ListHandler(w http.ResponseWriter, r *http.Request) {
	inv, err := s.Pending(r.Context())
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_ = json.NewEncoder(w).Encode(inv)
}

func (s *Store) Notify(ctx context.Context, userID int64, text string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO notices (user_id, text, read) VALUES ($1, $2, false)`, userID, text)
	return err
}

func (s *Store) InboxHandler(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	rows, err := s.pool.Query(ctx, `SELECT id, text FROM notices WHERE read = false ORDER BY id`)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	type notice struct {
		ID   int64
		Text string
	}
	var ns []notice
	var ids []int64
	for rows.Next() {
		var n notice
		if err := rows.Scan(&n.ID, &n.Text); err != nil {
			rows.Close()
			return
		}
		ns, ids = append(ns, n), append(ids, n.ID)
	}
	rows.Close()
	if err := json.NewEncoder(w).Encode(ns); err != nil {
		return
	}
	_, _ = s.pool.Exec(ctx, `UPDATE notices SET read = true WHERE id = ANY($1)`, ids)
}
