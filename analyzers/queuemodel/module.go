package queuemodel

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
	"github.com/jobqlint/jobqlint/analyzers/internal/automigrate"
	"github.com/jobqlint/jobqlint/analyzers/internal/callerargs"
	"github.com/jobqlint/jobqlint/analyzers/internal/gormconfig"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqldriver"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// Answers read from the module's files.
//
// A few questions are about the whole module, not about a package and its
// dependencies: is there a statement anywhere that takes expired leases
// back (a reaper in a package nothing imports), does another package read
// an exported limit (an importer, which facts never reach). They are
// answered from the module's files on disk. Under go vet a package's
// result is cached under the tool's ID (-V=full) and the package's own
// inputs, so the tool's ID must cover every such read, or an edit of
// another package leaves a stale result in the cache: ModuleKey writes
// what the reads depend on, and the driver puts it into the ID.

// ModuleKey writes what the answers read from the module under root depend
// on: the files the schema comes from (those of schemaPaths, when the
// configuration names them), the SQL of the module's statements (see
// ModuleStatements), the names of attempt counts and limits selected in
// its Go files (see MentionedElsewhere), the columns their SQL fragments
// compare with a bound value or the clock (see ComparedElsewhere), the
// calls its Go files join
// (see JoinedElsewhere), the exported names its Go files select and
// whether it has a command (see callersOf), and the constants its calls give the parameters
// of exported functions that bind them (see callerStates). Edits that
// change none of these (Go code that runs no SQL, SQL moved within a
// file) leave it unchanged.
func ModuleKey(w io.Writer, root string, schemaPaths []string) {
	mf := sqlcheck.ReadModule(root)
	schema := mf
	if len(schemaPaths) > 0 {
		var err error
		if schema, err = sqlcheck.ReadPaths(schemaPaths); err != nil {
			fmt.Fprintf(w, "schema error\x00%s\x00", err)
			schema = &sqlcheck.ModuleFiles{}
		}
	}
	for _, f := range schema.Files {
		// A finding may sit in a file the schema comes from, at a line
		// of it: the whole file counts.
		if f.HoldsSchema() {
			fmt.Fprintf(w, "schema\x00%s\x00%d\x00%s", f.Path, len(f.Content), f.Content)
		}
	}
	for _, p := range schema.Problems {
		fmt.Fprintf(w, "problem\x00%s\x00%s\x00", p.Loc.File, p.Msg)
	}
	for _, r := range schema.Runners {
		// A runner path sets a migration directory aside (see
		// sqlcheck's unapplied).
		fmt.Fprintf(w, "runner\x00%s\x00%v\x00%s\x00", r.Dir, r.Exact, r.From)
	}
	for _, src := range mf.StatementSources() {
		fmt.Fprintf(w, "statement\x00%s\x00%d\x00%s", src.Path, len(src.SQL), src.SQL)
	}
	joins := moduleJoins(root)
	var given *callerargs.Index
	if len(joins) > 0 {
		given = callerargs.Of(root, "")
	}
	for _, j := range joins {
		// What the reset's call gives decides whether it puts the job
		// back (a state its callers choose): written without the call's
		// place, which a comment moves.
		fmt.Fprintf(w, "join\x00%s\x00%s\x00%s\x00%d\x00%s\x00", j.path, j.scan, j.reset, j.arg, given.CallKey(j.path, j.lparen, j.reset, j.nargs))
	}
	callerargs.Key(w, root)
	fragmentsKey(w, root)
	automigrate.Key(w, root)
	gormconfig.Key(w, root)
	sqldriver.Key(w, root)
	moduleCallersKey(w, root)
	namedRewritesKey(w, root)
	for _, f := range moduleMentions(root).files {
		for _, name := range f.names {
			fmt.Fprintf(w, "mention\x00%s\x00%s\x00", f.path, name)
		}
	}
}

// MentionedElsewhere reports whether a Go file of the module outside the
// package selects an attempt count or limit by name (.MaxAttempts): an
// exported limit may be read there.
func (m *Model) MentionedElsewhere(pass *analysis.Pass, name string) bool {
	if !attempts.Named(name) {
		return false // not indexed: ModuleKey does not cover it
	}
	own := map[string]bool{}
	for _, f := range pass.Files {
		if abs, err := filepath.Abs(pass.Fset.File(f.Pos()).Name()); err == nil {
			own[abs] = true
		}
	}
	for _, f := range moduleMentions(m.schema.root).files {
		if abs, err := filepath.Abs(f.path); err == nil && own[abs] {
			continue
		}
		for _, n := range f.names {
			if n == name {
				return true
			}
		}
	}
	return false
}

// mentions is, for each Go file of a module, the attempt names it selects.
type mentions struct {
	once  sync.Once
	files []fileMentions
}

type fileMentions struct {
	path  string
	names []string // in order of first appearance, once each
}

var mentionsByRoot sync.Map // module root -> *mentions

// selector finds a selected name: .MaxAttempts in cfg.MaxAttempts.
var selector = regexp.MustCompile(`\.\s*([A-Za-z_][A-Za-z0-9_]*)`)

func moduleMentions(root string) *mentions {
	v, _ := mentionsByRoot.LoadOrStore(root, new(mentions))
	ms := v.(*mentions)
	ms.once.Do(func() {
		for _, path := range sqlcheck.GoFiles(root) {
			content, err := os.ReadFile(path)
			if err != nil {
				continue
			}
			f := fileMentions{path: path}
			seen := map[string]bool{}
			for _, sm := range selector.FindAllSubmatch(content, -1) {
				if name := string(sm[1]); !seen[name] && attempts.Named(name) {
					seen[name] = true
					f.names = append(f.names, name)
				}
			}
			if len(f.names) > 0 {
				ms.files = append(ms.files, f)
			}
		}
	})
	return ms
}
