// A page of the caller's saved messages whose reminder has not fired,
// joined with their content: a request handler reads one user's rows by
// the user's key and flags those it showed. No worker polls every user's
// rows, and the flag is the user's own.
package ok_relay_joinedflag_handler

import (
	"database/sql"
	"encoding/json"
	"net/http"
	"strconv"
)

type API struct{ db *sql.DB }

type saved struct {
	MessageID int64  `json:"message_id"`
	Content   string `json:"content"`
}

func (a *API) Pending(w http.ResponseWriter, r *http.Request) {
	uid, err := strconv.ParseInt(r.Header.Get("X-User"), 10, 64)
	if err != nil {
		http.Error(w, "no user", http.StatusUnauthorized)
		return
	}
	rows, err := a.db.QueryContext(r.Context(), `SELECT s.message_id, c.content
		FROM saved_messages s JOIN chat_messages c ON c.id = s.message_id
		WHERE s.user_id = $1 AND NOT s.reminded AND s.remind_at <= now()
		ORDER BY s.remind_at LIMIT 20`, uid)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	var page []saved
	for rows.Next() {
		var s saved
		if err := rows.Scan(&s.MessageID, &s.Content); err != nil {
			rows.Close()
			return
		}
		page = append(page, s)
	}
	rows.Close()
	if err := json.NewEncoder(w).Encode(page); err != nil {
		return
	}
	for _, s := range page {
		a.db.ExecContext(r.Context(), `UPDATE saved_messages SET reminded = true WHERE user_id = $1 AND message_id = $2`, uid, s.MessageID)
	}
}
