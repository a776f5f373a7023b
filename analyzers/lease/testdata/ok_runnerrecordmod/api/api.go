// Package api runs one evaluation for a request: an HTTP handler, no
// worker.
package api

import (
	"net/http"

	"example.com/okrunnerrecord/service"
)

func Register(mux *http.ServeMux, svc *service.Service) {
	mux.HandleFunc("/evaluate", func(w http.ResponseWriter, r *http.Request) {
		if err := svc.Evaluate(r.Context(), r.URL.Query().Get("id")); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
}
