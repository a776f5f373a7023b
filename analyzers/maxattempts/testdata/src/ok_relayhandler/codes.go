// A request handler, not a relay: it reads the caller's unused backup
// codes, skips a row it cannot scan, and marks the one that matches as
// used. Each request reads its own user's rows once; no poll takes a
// skipped row again and again.
package ok_relayhandler

import (
	"crypto/subtle"
	"errors"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Server struct{ pool *pgxpool.Pool }

func (s *Server) UseBackupCode(w http.ResponseWriter, r *http.Request) {
	user, code := r.Header.Get("X-User"), r.FormValue("code")
	rows, err := s.pool.Query(r.Context(), `SELECT id, code_hash FROM backup_codes WHERE user_id = $1 AND used = false`, user)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	var matched string
	for rows.Next() {
		var id, hash string
		if err := rows.Scan(&id, &hash); err != nil {
			continue
		}
		if ok, err := verify(code, hash); err == nil && ok {
			matched = id
			break
		}
	}
	if matched == "" {
		http.Error(w, "invalid code", http.StatusUnauthorized)
		return
	}
	if _, err := s.pool.Exec(r.Context(), `UPDATE backup_codes SET used = true, used_at = now() WHERE id = $1`, matched); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) Generate(w http.ResponseWriter, r *http.Request) {
	_, err := s.pool.Exec(r.Context(), `INSERT INTO backup_codes (user_id, code_hash) VALUES ($1, $2)`, r.Header.Get("X-User"), r.FormValue("hash"))
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
	}
}

// verify checks a code against its stored hash.
func verify(code, hash string) (bool, error) {
	if hash == "" {
		return false, errors.New("empty hash")
	}
	return subtle.ConstantTimeCompare([]byte(hash), []byte(code)) == 1, nil
}

// The same check as a closure given to the router.
func (s *Server) Routes(mux *http.ServeMux) {
	mux.HandleFunc("/codes/check", func(w http.ResponseWriter, r *http.Request) {
		rows, err := s.pool.Query(r.Context(), `SELECT id, code_hash FROM backup_codes WHERE user_id = $1 AND used = false`, r.Header.Get("X-User"))
		if err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		defer rows.Close()
		var matched string
		for rows.Next() {
			var id, hash string
			if err := rows.Scan(&id, &hash); err != nil {
				continue
			}
			if ok, err := verify(r.FormValue("code"), hash); err == nil && ok {
				matched = id
				break
			}
		}
		if matched != "" {
			_, _ = s.pool.Exec(r.Context(), `UPDATE backup_codes SET used = true, used_at = now() WHERE id = $1`, matched)
		}
	})
}
