package sqlcheck

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// Discover finds the schema's sources under a module root: the .sql files
// that are not down migrations, and the DDL string literals of the
// module's non-test .go files, in natural path order (so 2_x.sql comes
// before 10_y.sql). Directories named testdata or vendor, hidden ones, and
// nested modules are skipped, as the go command skips them. Files that
// cannot be read are returned as problems.
//
// When the module has both migrations and the schema snapshot sqlc reads,
// only the migrations are replayed (see ModuleFiles.Sources).
func Discover(root string) ([]*Source, []Problem) {
	srcs, _, probs := ReadModule(root).Sources()
	return srcs, probs
}

// FromPaths reads the schema from the given files and directories instead of
// discovering it (the -schema flag). Directories are walked as Discover
// walks a module; a named file is read whatever its name. A path that does
// not exist is an error.
func FromPaths(paths []string) ([]*Source, []Problem, error) {
	m, err := ReadPaths(paths)
	if err != nil {
		return nil, nil, err
	}
	srcs, _, probs := m.Sources()
	return srcs, probs, nil
}

// ReadPaths reads the files of the given paths, as FromPaths takes them:
// their sources are every file read, in the order given.
func ReadPaths(paths []string) (*ModuleFiles, error) {
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return nil, fmt.Errorf("schema path: %w", err)
		}
	}
	var (
		files []string
		probs []Problem
	)
	// Paths are taken in the order given; each directory in natural order.
	for _, root := range paths {
		found, p := schemaFiles(root)
		files = append(files, found...)
		probs = append(probs, p...)
	}
	m := readFiles(files)
	m.Given = true
	m.Problems = append(probs, m.Problems...)
	return m, nil
}

// ModuleFiles are the files of a module that its schema may come from,
// read: .sql files, non-test .go files, sqlc configurations, and the
// files of migration tools that mark their directories (atlas.sum,
// sqitch.plan). What they hold, and so the schema replayed from them, is
// determined by their paths and contents (see Key).
type ModuleFiles struct {
	Root     string
	Files    []File // in natural path order
	Problems []Problem
	Given    bool // named by -schema (ReadPaths): every file is a source
	// SetAside are the migration directories outside the module that were
	// not read (see repositoryMigrations).
	SetAside []SourceUse
	// Repository is the repository around the module whose migrations
	// were looked for, and RepositoryBy how it was found (see
	// repositoryOf); both "" when the module's own files give its schema.
	Repository, RepositoryBy string
	// Fits says that the files read from the repository are a tree that
	// fits the module's SQL (see fittingSchema), not a migration directory.
	Fits bool
	// Runners are the directories the module names as its migration
	// runner's path (see unapplied).
	Runners []RunnerPath
}

// A File is a file's path and content.
type File struct {
	Path    string
	Content []byte
}

// ReadModule reads the files under root that its schema may come from,
// and, when they give no schema, the migrations its repository keeps
// outside every Go module (see repositoryMigrations).
func ReadModule(root string) *ModuleFiles {
	files, probs := schemaFiles(root)
	m := readFiles(files)
	m.Root = root
	m.Problems = append(probs, m.Problems...)
	m.Runners = runnerPaths(root, m.Files)
	if srcs, _, _ := m.Sources(); slices.ContainsFunc(srcs, createsTable) {
		return m
	}
	outside, aside, repo, by, fits := repositoryMigrations(root, m.Statements)
	more := readFiles(outside)
	m.Fits = fits && len(outside) > 0
	m.Files = append(m.Files, more.Files...)
	m.Problems = append(m.Problems, more.Problems...)
	m.SetAside = aside
	m.Repository, m.RepositoryBy = repo, by
	return m
}

// createsTable reports whether a schema source may create a table: a
// module whose sources create none (seed data, queries) has no schema of
// its own.
func createsTable(src *Source) bool { return createTable.MatchString(src.SQL) }

var createTable = regexp.MustCompile(`(?i)\bcreate\s+(or\s+replace\s+)?((global|local)\s+)?((temp|temporary|unlogged)\s+)?table\b`)

// unread is the problem of a file or directory that cannot be read. The
// problem is positioned at path, so its message leaves the path out (an
// absolute path would run a finding's first clause past its width).
func unread(path string, err error) Problem {
	msg := err.Error()
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		msg = pe.Op + ": " + pe.Err.Error()
	}
	return Problem{Loc: Loc{File: path}, Msg: msg, Unread: true}
}

func readFiles(paths []string) *ModuleFiles {
	m := &ModuleFiles{}
	for _, path := range paths {
		content, err := os.ReadFile(path)
		if err != nil {
			m.Problems = append(m.Problems, unread(path, err))
			continue
		}
		m.Files = append(m.Files, File{Path: path, Content: content})
	}
	return m
}

// Key is a hash of the files' paths and contents, and of the problems met
// reading them: the schema replayed from the same key is the same.
func (m *ModuleFiles) Key() [sha256.Size]byte {
	h := sha256.New()
	fmt.Fprintf(h, "root\x00%s\x00%v\x00", m.Root, m.Given)
	for _, f := range m.Files {
		fmt.Fprintf(h, "file\x00%s\x00%d\x00", f.Path, len(f.Content))
		h.Write(f.Content)
	}
	for _, p := range m.Problems {
		fmt.Fprintf(h, "problem\x00%s\x00%s\x00", p.Loc.File, p.Msg)
	}
	for _, u := range m.SetAside {
		fmt.Fprintf(h, "aside\x00%s\x00%d\x00", u.Path, u.Files)
	}
	fmt.Fprintf(h, "repository\x00%s\x00%s\x00%v\x00", m.Repository, m.RepositoryBy, m.Fits)
	for _, r := range m.Runners {
		fmt.Fprintf(h, "runner\x00%s\x00%v\x00%v\x00%s\x00", r.Dir, r.Exact, r.Init, r.From)
	}
	return [sha256.Size]byte(h.Sum(nil))
}

// sources returns the schema sources of one file: the file itself, or the
// DDL literals of a .go file. Configurations and tools' files hold none.
func (f File) sources() []*Source {
	switch name := filepath.Base(f.Path); {
	case strings.HasSuffix(name, ".go"):
		return goSources(f.Path, f.Content)
	case isSqlcConfig(name) || isToolFile(name):
		return nil
	}
	return []*Source{SQLFile(f.Path, f.Content)}
}

// isModule reports whether dir holds a go.mod: a nested module is another
// module, with a schema of its own.
func isModule(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// schemaFiles returns the schema files under root (or root itself, if a file) in
// natural order.
func schemaFiles(root string) ([]string, []Problem) {
	var (
		files []string
		probs []Problem
	)
	info, err := os.Stat(root)
	if err != nil {
		return nil, []Problem{unread(root, err)}
	}
	if !info.IsDir() {
		return []string{root}, nil
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			probs = append(probs, unread(path, err))
			return nil
		}
		if d.IsDir() {
			if path != root && (skipDir(d.Name()) || isModule(path)) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && (isSchemaFile(d.Name()) || isSqlcConfig(d.Name()) || isToolFile(d.Name())) {
			files = append(files, path)
		}
		return nil
	})
	sort.SliceStable(files, func(i, j int) bool { return naturalLess(files[i], files[j]) })
	return files, probs
}

func skipDir(name string) bool {
	return name == "testdata" || name == "vendor" || name == "node_modules" ||
		strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

func isSchemaFile(name string) bool {
	switch {
	case strings.HasSuffix(name, ".down.sql"):
		return false
	case strings.HasSuffix(name, ".sql"):
		return true
	case strings.HasSuffix(name, ".go"):
		return !strings.HasSuffix(name, "_test.go")
	}
	return false
}

var (
	ddlStart = regexp.MustCompile(`(?i)^(create|alter|drop)\b`)
	comments = regexp.MustCompile(`^(\s+|--[^\n]*\n?|/\*(?s:.*?)\*/)*`)
)

// goSources returns the DDL string literals of a Go file. Literals inside
// functions whose name starts with "down" (down migrations, as goose names
// them) are left out, and so are teardowns (see withoutTeardowns).
func goSources(path string, content []byte) []*Source {
	return withoutTeardowns(goLiterals(path, content, holdsDDLHint, ddlHint, ddlStart))
}

// goLiterals returns the string literals of a Go file that match hint and
// whose text, after comments, starts with start. fileHint, which tells
// whether the whole file matches hint, is tried first, as most files have
// none.
func goLiterals(path string, content []byte, fileHint func([]byte) bool, hint, start *regexp.Regexp) []*Source {
	if !fileHint(content) {
		return nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, content, parser.SkipObjectResolution)
	if err != nil {
		return nil // the compiler reports it; the schema keeps what it has
	}
	var srcs []*Source
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			return !isDownFunc(n.Name.Name)
		case *ast.KeyValueExpr:
			// map[string]string{"postgres": ..., "mysql": ...}, or a
			// struct with a field per database: only PostgreSQL's.
			return otherDialect(n.Key) == ""
		case *ast.CaseClause:
			// switch driver { case "mysql": ... }
			for _, e := range n.List {
				if otherDialect(e) == "" {
					return true
				}
			}
			return len(n.List) == 0
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				return false
			}
			value, err := strconv.Unquote(n.Value)
			if err != nil || !hint.MatchString(value) {
				return false
			}
			if !start.MatchString(value[len(comments.FindString(value)):]) {
				return false
			}
			// The value's bytes are the literal's bytes only for a raw
			// string without carriage returns (Go drops them) or an
			// interpreted string without escapes.
			start := fset.Position(n.Pos()).Offset
			raw := n.Value[0] == '`'
			exact := (raw && !rawHasCR(content, start)) || (!raw && !strings.Contains(n.Value, `\`))
			srcs = append(srcs, GoString(path, content, start, value, exact))
		}
		return true
	})
	return srcs
}

// otherDialect returns the database other than PostgreSQL that a map
// key, a struct field or a switch case names ("mysql", MySQL,
// DialectSQLite), or "".
func otherDialect(e ast.Expr) string {
	var name string
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return ""
		}
		v, err := strconv.Unquote(e.Value)
		if err != nil {
			return ""
		}
		return suffixEngines[strings.ToLower(v)]
	case *ast.Ident:
		name = e.Name
	case *ast.SelectorExpr:
		name = e.Sel.Name
	default:
		return ""
	}
	name = strings.ToLower(name)
	for word, engine := range suffixEngines {
		if strings.HasPrefix(name, word) || strings.HasSuffix(name, word) {
			return engine
		}
	}
	return ""
}

var (
	dmlHint  = regexp.MustCompile(`(?i)\b(update|select|delete)\b`)
	dmlStart = regexp.MustCompile(`(?i)^(with|update|select|delete|create\s+(or\s+replace\s+)?(function|procedure))\b`)
)

// ModuleStatements returns the facts of every SELECT, UPDATE and DELETE
// the module holds as SQL: in its .sql files (sqlc query files among them)
// and in string literals of its non-test .go files, found as Discover finds
// the schema. Rules use it for statements that count wherever they are,
// whether or not the analysis sees them run (a reclaimer in another
// package).
func ModuleStatements(root string) []*Stmt {
	return ReadModule(root).Statements()
}

// Statements returns the facts of every SELECT, UPDATE and DELETE the
// files hold (see ModuleStatements).
func (m *ModuleFiles) Statements() []*Stmt {
	var out []*Stmt
	for _, src := range m.StatementSources() {
		parseSkipping(src.SQL, statementSkip, func(raw RawStmt) {
			if st := Facts(raw); st != nil && st.Kind != KindInsert && (st.Table != "" || len(st.CTEs) > 0) {
				if src.FromGo {
					st.Origin = src
				}
				out = append(out, st)
			}
			// The statements of function bodies count too: a reclaimer
			// that pg_cron runs is no less there.
			if cf := raw.Node.GetCreateFunctionStmt(); cf != nil {
				out = append(out, bodyStatements(src, raw, cf)...)
			}
		}, func(*ParseError) {})
	}
	return out
}

// StatementSources returns the SQL that Statements reads its statements
// from: each .sql file whole, and the string literals of .go files that
// start with a statement (WITH, UPDATE, SELECT, DELETE, CREATE FUNCTION).
// Statements depends on nothing else of the files.
func (m *ModuleFiles) StatementSources() []*Source {
	var out []*Source
	for _, f := range m.Files {
		switch name := filepath.Base(f.Path); {
		case isSqlcConfig(name) || isToolFile(name):
			continue
		case strings.HasSuffix(name, ".go"):
			out = append(out, goLiterals(f.Path, f.Content, dmlHint.Match, dmlHint, dmlStart)...)
		default:
			out = append(out, SQLFile(f.Path, f.Content))
		}
	}
	return out
}

// HoldsSchema reports whether a file may give the schema a source: a file
// that is not Go, or a Go file with DDL literals.
func (f File) HoldsSchema() bool {
	if !strings.HasSuffix(f.Path, ".go") {
		return true
	}
	return len(goSources(f.Path, f.Content)) > 0
}

// rawHasCR reports whether the raw string literal starting at start holds a
// carriage return, which the scanner (and so the value) leaves out.
func rawHasCR(content []byte, start int) bool {
	end := bytes.IndexByte(content[start+1:], '`')
	if end < 0 {
		return false
	}
	return bytes.IndexByte(content[start+1:start+1+end], '\r') >= 0
}

// isDownFunc reports whether a function is a down migration by goose's
// naming (downCreateJobs, Down00002, down): not downloadFile.
func isDownFunc(name string) bool { return downFunc.MatchString(name) }

var downFunc = regexp.MustCompile(`^[dD]own([A-Z0-9_]|$)`)

// naturalLess orders paths with digit runs compared as numbers.
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		ca, cb := rune(a[0]), rune(b[0])
		if unicode.IsDigit(ca) && unicode.IsDigit(cb) {
			na, ra := digits(a)
			nb, rb := digits(b)
			if na != nb {
				return numLess(na, nb)
			}
			a, b = ra, rb
			continue
		}
		if ca != cb {
			return ca < cb
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digits(s string) (string, string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i], s[i:]
}

func numLess(a, b string) bool {
	a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// bodyStatements returns the SELECT, UPDATE and DELETE statements of a
// function's body, as ModuleStatements counts them.
func bodyStatements(src *Source, raw RawStmt, cf *pg.CreateFunctionStmt) []*Stmt {
	var names []string
	for _, n := range cf.GetFuncname() {
		names = append(names, n.GetString_().GetSval())
	}
	if len(names) == 0 {
		return nil
	}
	f := readFunction(src, raw, cf, QualifiedName("", names[len(names)-1]), nil, func(*ParseError) {})
	var out []*Stmt
	for _, st := range f.Body {
		if st.Kind != KindInsert && st.Kind != KindOther && (st.Table != "" || len(st.CTEs) > 0) {
			out = append(out, st.Stmt)
		}
	}
	return out
}

// GoFiles returns every .go file under root, test files included, walked
// as ReadModule walks a module (testdata, vendor, hidden and _ directories
// and nested modules left out), in natural path order.
func GoFiles(root string) []string {
	files := moduleFiles(root, func(name string) bool { return strings.HasSuffix(name, ".go") })
	sort.SliceStable(files, func(i, j int) bool { return naturalLess(files[i], files[j]) })
	return files
}

// moduleFiles returns the regular files under root whose name keep
// accepts, walked as ReadModule walks a module, in walk order.
func moduleFiles(root string, keep func(name string) bool) []string {
	var files []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if path != root && (skipDir(d.Name()) || isModule(path)) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && keep(d.Name()) {
			files = append(files, path)
		}
		return nil
	})
	return files
}
