// An admin endpoint marks a job done by hand and drops the write's error:
// no claim runs before it, so no worker's finished job is left claimed
// (the operator sees the job's state on the next page load).
package ok_discarded_noclaim

import (
	"net/http"
	"strconv"

	"bkstore"
)

type Admin struct{ store *bkstore.W }

func (a *Admin) MarkDone(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	_ = a.store.Finish(r.Context(), id)
	w.WriteHeader(http.StatusNoContent)
}
