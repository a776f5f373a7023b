// Package verify proves jobqlint's findings on a real PostgreSQL with the
// module's own schema and statements (jobqlint -verify).
//
// It replays the module's schema, as jobqlint read it, into a scratch
// database and, for each finding of a rule it can test, runs the module's
// own statements against it:
//
//   - claimrace: the poll and the take from two connections in lock-step;
//     verified when both workers get the same job;
//   - pollindex: EXPLAIN (ANALYZE, BUFFERS) of the poll over 100,000
//     finished jobs and a few runnable ones, verified when the plan does not
//     reach the runnable jobs through an index of the table; then with a
//     backlog of 100,000 runnable jobs, verified when the plan reads and
//     sorts them to take the first; refuted (the finding is withdrawn) only
//     when both plans reach the first runnable job through an index, in
//     order;
//   - timestamptz: now() written from a Europe/London session at a summer
//     instant, read back from a UTC session, and the module's poll run at
//     half an hour later; verified when the value comes back an hour off;
//   - lease: a job claimed, the claiming connection dropped, the clock moved
//     a day on, every reclaim of the module run; verified when no poll of
//     the module offers the job again.
//
// The instants the statements see are set through now(): each session's
// search_path puts a schema of the scratch database first whose now()
// returns the instant the check chose (a column default bound at CREATE
// TABLE, and CURRENT_TIMESTAMP, still read the real clock).
//
// Parameters are filled with Go constants the model resolves, with values
// the previous statement returned (the id a poll found, for the take), and
// otherwise with a value of the parameter's type as PostgreSQL infers it;
// each summary says which. A check that cannot run says why, with verified
// null. Nothing outside the scratch databases is touched: statements that
// act on the cluster (roles, grants, databases, tablespaces) are not
// replayed, and DO blocks, which can do anything, run only on the throwaway
// server.
package verify

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"os"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/internal/pgserver"
)

// Evidence is what a run on PostgreSQL showed about one finding.
type Evidence struct {
	// Verified is true when PostgreSQL showed the defect, false when it
	// showed the opposite (the finding is withdrawn), nil when the check
	// could not be run.
	Verified *bool  `json:"verified"`
	Summary  string `json:"summary"`
}

// Withdrawn reports whether the evidence refutes the finding.
func (e *Evidence) Withdrawn() bool { return e != nil && e.Verified != nil && !*e.Verified }

// A Finding is what a check needs of one finding: where it is, and the
// queue model of the package that reported it.
type Finding struct {
	Rule    string
	Message string
	Pos     token.Position
	Related []token.Position
	Model   *queuemodel.Model
	Fset    *token.FileSet
	Info    *types.Info
}

// Options choose the server.
type Options struct {
	// DSN is a server the user provides; empty starts a throwaway
	// PostgreSQL 15 from the initdb and pg_ctl on PATH.
	DSN string
	// Warn receives messages about the replay (statements PostgreSQL
	// rejected, with their positions).
	Warn func(string)
}

// Rules are the rules whose findings verify can test.
var Rules = map[string]bool{"claimrace": true, "pollindex": true, "timestamptz": true, "lease": true}

// ErrCreateDB means the role of -dsn may not create databases.
var ErrCreateDB = errors.New("the role cannot create databases (verify needs CREATEDB to make a scratch database, and touches nothing else)")

// Run tests the findings and returns their evidence, one per finding (nil
// for a rule it does not test). The error is for a server it could not use.
func Run(ctx context.Context, opts Options, findings []Finding) ([]*Evidence, error) {
	out := make([]*Evidence, len(findings))
	testable := false
	for _, f := range findings {
		testable = testable || Rules[f.Rule]
	}
	if !testable {
		return out, nil
	}
	srv, err := connectServer(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer srv.close()
	// An interrupt cuts the checks short: what they found is not kept.
	interrupted := func(err error) error {
		if ctx.Err() != nil {
			return errors.New("-verify: interrupted")
		}
		return err
	}
	if opts.Warn == nil {
		opts.Warn = func(string) {}
	}
	templates := map[string]*template{} // by module root
	defer func() {
		for _, t := range templates {
			srv.drop(t.db)
		}
	}()
	for i, f := range findings {
		if err := interrupted(nil); err != nil {
			return nil, err
		}
		if !Rules[f.Rule] {
			continue
		}
		root := f.Model.ModuleRoot()
		t := templates[root]
		if t == nil {
			if t, err = srv.replay(ctx, f.Model, opts.Warn); err != nil {
				return nil, interrupted(err)
			}
			templates[root] = t
		}
		out[i] = srv.check(ctx, t, f)
	}
	if err := interrupted(nil); err != nil {
		return nil, err
	}
	return out, nil
}

func verified(v bool, format string, args ...any) *Evidence {
	return &Evidence{Verified: &v, Summary: fmt.Sprintf(format, args...)}
}

func notTried(format string, args ...any) *Evidence {
	return &Evidence{Summary: fmt.Sprintf(format, args...)}
}

// server is the PostgreSQL the scratch databases live on.
type server struct {
	cfg       *pgx.ConnConfig // for the maintenance database; Database is replaced for each scratch one
	throwaway *pgserver.Server
	prefix    string // of the scratch databases' names
	seq       int
}

func connectServer(ctx context.Context, opts Options) (*server, error) {
	s := &server{}
	dsn := opts.DSN
	if dsn == "" {
		pg, err := pgserver.Start(pgserver.Options{})
		if err != nil {
			return nil, fmt.Errorf("-verify: %w (give -dsn or DATABASE_URL to use a server of yours)", err)
		}
		s.throwaway = pg
		dsn = pg.DSN("postgres")
	}
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		s.close()
		return nil, fmt.Errorf("-verify: -dsn: %v", err)
	}
	cfg.RuntimeParams["TimeZone"] = "UTC"
	cfg.RuntimeParams["statement_timeout"] = "60000"
	s.cfg = cfg
	var b [4]byte
	rand.Read(b[:])
	s.prefix = fmt.Sprintf("jobqlint_verify_%d_%s", os.Getpid(), hex.EncodeToString(b[:]))
	return s, nil
}

func (s *server) close() {
	if s.throwaway != nil {
		s.throwaway.Stop()
	}
}

// connect opens a connection to database db of the server.
func (s *server) connect(ctx context.Context, db string) (*pgx.Conn, error) {
	cfg := s.cfg.Copy()
	if db != "" {
		cfg.Database = db
	}
	return pgx.ConnectConfig(ctx, cfg)
}

// create makes an empty scratch database, or one copied from a template.
func (s *server) create(ctx context.Context, from string) (string, error) {
	s.seq++
	name := fmt.Sprintf("%s_%d", s.prefix, s.seq)
	admin, err := s.connect(ctx, "")
	if err != nil {
		return "", fmt.Errorf("-verify: connect: %v", err)
	}
	defer admin.Close(ctx)
	sql := "CREATE DATABASE " + pgx.Identifier{name}.Sanitize()
	if from != "" {
		sql += " TEMPLATE " + pgx.Identifier{from}.Sanitize()
	}
	if _, err := admin.Exec(ctx, sql); err != nil {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "42501" {
			return "", fmt.Errorf("-verify: %w: %s", ErrCreateDB, pgErr.Message)
		}
		return "", fmt.Errorf("-verify: %s: %v", sql, err)
	}
	return name, nil
}

// drop removes a scratch database, whatever is still connected to it.
func (s *server) drop(name string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	admin, err := s.connect(ctx, "")
	if err != nil {
		return
	}
	defer admin.Close(ctx)
	admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
}

// check runs the finding's check in a copy of the template.
func (s *server) check(ctx context.Context, t *template, f Finding) *Evidence {
	if t.failed != "" {
		return notTried("the schema could not be replayed: %s", t.failed)
	}
	db, err := s.create(ctx, t.db)
	if err != nil {
		return notTried("%v", err)
	}
	defer s.drop(db)
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	c := &checker{srv: s, db: db, f: f, tmpl: t}
	defer c.closeAll()
	switch f.Rule {
	case "claimrace":
		return c.claimrace(ctx)
	case "pollindex":
		return c.pollindex(ctx)
	case "timestamptz":
		return c.timestamptz(ctx)
	case "lease":
		return c.lease(ctx)
	}
	return nil
}
