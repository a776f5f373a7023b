// The store's Retry, which always puts the job back, called by hand: an
// operator's CLI subcommand that parses its own flags, and an admin page's
// handler. Each call is someone asking for one job again, not a worker's
// failure path that could loop for ever.
package ok_xrequeuebyhand

import (
	"context"
	"flag"
	"net/http"
	"strconv"

	"xstore"
)

func requeueCmd(ctx context.Context, s *xstore.Store, args []string) error {
	fs := flag.NewFlagSet("requeue", flag.ExitOnError)
	id := fs.Int64("id", 0, "the job to run again")
	_ = fs.Parse(args)
	return s.Retry(ctx, *id)
}

func retryHandler(s *xstore.Store) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if err := s.Retry(r.Context(), id); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}
