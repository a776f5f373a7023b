package verify

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A template is a scratch database holding the module's schema; each
// check runs in a copy of it.
type template struct {
	db     string
	failed string // why the schema could not be replayed at all
	// rejected lists the schema statements PostgreSQL rejected, positioned.
	rejected []string
}

// clockSchema holds the now() that the checks set (see the package doc).
const clockSchema = "jobqlint_clock"

// replay creates the template: the module's schema sources, in the order
// jobqlint reads them, then the DDL Go code runs under placeholder names.
func (s *server) replay(ctx context.Context, m *queuemodel.Model, warn func(string)) (*template, error) {
	db, err := s.create(ctx, "")
	if err != nil {
		return nil, err
	}
	t := &template{db: db}
	conn, err := s.connect(ctx, db)
	if err != nil {
		return nil, fmt.Errorf("-verify: connect: %v", err)
	}
	defer conn.Close(ctx)

	srcs, err := schemaSources(m.ModuleRoot())
	if err != nil {
		t.failed = err.Error()
		return t, nil
	}
	srcs = append(srcs, m.GoDDL()...)
	for _, src := range srcs {
		raws, _ := sqlcheck.Parse(src.SQL) // jobqlint reports what does not parse
		for _, raw := range raws {
			if why := notReplayed(raw.Node, s.throwaway != nil); why != "" {
				continue
			}
			if _, err := conn.Exec(ctx, raw.Text); err != nil {
				loc := src.Loc(raw.Start)
				msg := fmt.Sprintf("%s:%d:%d: PostgreSQL rejected this schema statement: %v", relPath(loc.File), loc.Line, loc.Col, err)
				t.rejected = append(t.rejected, msg)
				warn(msg)
			}
		}
	}
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+clockSchema+`;
		CREATE FUNCTION `+clockSchema+`.now() RETURNS timestamptz LANGUAGE sql STABLE
		AS $$ SELECT coalesce(nullif(current_setting('jobqlint.now', true), '')::timestamptz, pg_catalog.now()) $$`); err != nil {
		t.failed = fmt.Sprintf("creating the clock: %v", err)
	}
	return t, nil
}

// schemaSources reads the schema the way the queue model does: the -schema
// paths when given, else the migrations and Go DDL under the module root.
func schemaSources(root string) ([]*sqlcheck.Source, error) {
	if len(queuemodel.SchemaFlag) == 0 {
		srcs, _ := sqlcheck.Discover(root)
		return srcs, nil
	}
	var paths []string
	for _, p := range queuemodel.SchemaFlag {
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		paths = append(paths, p)
	}
	srcs, _, err := sqlcheck.FromPaths(paths)
	return srcs, err
}

// notReplayed says why a schema statement is left out: it acts outside the
// database (roles, grants, databases, tablespaces, server settings), it is a
// transaction control statement (each statement runs on its own), it is a
// query or writes data (jobqlint's schema replay ignores both too), or it
// is a DO block, replayed only on the throwaway server.
func notReplayed(n *pg.Node, throwaway bool) string {
	switch {
	case n.GetCreateRoleStmt() != nil, n.GetAlterRoleStmt() != nil, n.GetAlterRoleSetStmt() != nil, n.GetDropRoleStmt() != nil,
		n.GetGrantStmt() != nil, n.GetGrantRoleStmt() != nil, n.GetAlterDefaultPrivilegesStmt() != nil, n.GetAlterOwnerStmt() != nil,
		n.GetReassignOwnedStmt() != nil, n.GetDropOwnedStmt() != nil:
		return "roles"
	case n.GetCreatedbStmt() != nil, n.GetDropdbStmt() != nil, n.GetAlterDatabaseStmt() != nil, n.GetAlterDatabaseSetStmt() != nil,
		n.GetCreateTableSpaceStmt() != nil, n.GetDropTableSpaceStmt() != nil, n.GetAlterSystemStmt() != nil,
		n.GetCreateSubscriptionStmt() != nil, n.GetCreatePublicationStmt() != nil:
		return "the cluster"
	case n.GetTransactionStmt() != nil:
		return "transaction control"
	case n.GetSelectStmt() != nil, n.GetInsertStmt() != nil, n.GetUpdateStmt() != nil, n.GetDeleteStmt() != nil, n.GetMergeStmt() != nil:
		// Queries (sqlc's query files are .sql too) and data: the checks
		// seed the rows they need.
		return "DML"
	case n.GetDoStmt() != nil && !throwaway:
		return "a DO block"
	}
	return ""
}

// relPath shows a path relative to the working directory when it can.
func relPath(path string) string {
	if !filepath.IsAbs(path) {
		return path
	}
	wd, err := filepath.Abs(".")
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "../../") {
		return rel
	}
	return path
}
