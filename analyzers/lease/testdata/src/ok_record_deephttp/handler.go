// An HTTP endpoint runs a job while the client waits: serve calls process,
// which calls handle, which marks the record running, runs the job and
// records how it ended. serve is handed to the mux as a method value, but
// it answers one request: no worker runs the record job after job.
package ok_record_deephttp

import (
	"context"
	"fmt"
	"net/http"

	"ok_record_deephttp/store"
)

type Server struct {
	store *store.Store
	run   func(ctx context.Context, kind string, payload []byte) error
}

func (s *Server) Routes(mux *http.ServeMux) {
	mux.HandleFunc("/jobs/run", s.serve)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if err := s.process(r.Context(), r.URL.Query().Get("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (s *Server) process(ctx context.Context, id string) error {
	if id == "" {
		return fmt.Errorf("no id")
	}
	return s.handle(ctx, id)
}

func (s *Server) handle(ctx context.Context, id string) error {
	kind, payload, err := s.store.Get(ctx, id)
	if err != nil {
		return err
	}
	if err := s.store.SetStatus(ctx, id, store.StatusRunning); err != nil {
		return err
	}
	if err := s.run(ctx, kind, payload); err != nil {
		return s.store.SetStatus(ctx, id, store.StatusFailed)
	}
	return s.store.SetStatus(ctx, id, store.StatusDone)
}
