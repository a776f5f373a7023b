// A server package, no command, that builds the scheduler on Queries over
// the *sql.DB it is given: it wires the worker, so it judges its claim.
package schedhelperlib

import (
	"context"
	"database/sql"

	"relaydb"
	"schedhelper"
)

type nop struct{}

func (nop) Publish(context.Context, string, []byte) error { return nil }

type Server struct{ sched *schedhelper.Worker }

func New(db *sql.DB) *Server {
	queries := relaydb.New(db)
	return &Server{sched: schedhelper.NewWorker(queries, nop{})}
}

func (s *Server) Run(ctx context.Context) { s.sched.Tick(ctx) }
