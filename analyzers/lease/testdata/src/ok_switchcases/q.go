// An HTTP handler reads a user's newest live API key on GET and revokes
// one on DELETE: the read and the revoke sit in two cases of one switch,
// so no request runs one after the other, and the revoke claims nothing.
package ok_switchcases

import (
	"database/sql"
	"net/http"
)

type API struct{ db *sql.DB }

func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	user := r.URL.Query().Get("user")
	switch r.Method {
	case http.MethodGet:
		a.current(w, r, user)
		return
	case http.MethodDelete:
		a.revoke(w, r, user, r.URL.Query().Get("key"))
		return
	}
	w.WriteHeader(http.StatusMethodNotAllowed)
}

func (a *API) current(w http.ResponseWriter, r *http.Request, user string) {
	var key string
	err := a.db.QueryRowContext(r.Context(), `SELECT key FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL
		ORDER BY created_at DESC LIMIT 1`, user).Scan(&key)
	if err != nil {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	w.Write([]byte(key))
}

func (a *API) revoke(w http.ResponseWriter, r *http.Request, user, key string) {
	_, err := a.db.ExecContext(r.Context(), `UPDATE api_keys SET revoked_at = now()
		WHERE user_id = $1 AND key = $2 AND revoked_at IS NULL`, user, key)
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError)
	}
}
