package queuemodel

import (
	"bytes"
	"flag"
	goast "go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/internal/schemacache"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// SchemaFlag holds the -schema paths: files and directories that replace
// the discovery of migrations under the module root. Relative paths are
// relative to the module root, so that go vet (which runs the tool in each
// package's directory) and the standalone driver read the same files.
var SchemaFlag schemaPaths

type schemaPaths []string

func (p *schemaPaths) String() string { return strings.Join(*p, ",") }

func (p *schemaPaths) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*p = append(*p, s)
		}
	}
	return nil
}

// RegisterFlags adds the driver-wide -schema flag to fs.
func RegisterFlags(fs *flag.FlagSet) {
	fs.Var(&SchemaFlag, "schema", "comma-separated migration files or directories to read the schema from, instead of the .sql files and Go DDL under the module root (relative paths are relative to the module root, as in .jobqlint.json and the golangci-lint settings)")
}

// schemaState loads the schema lazily: only packages that have a queue pay
// for it, and each root is replayed once per process.
type schemaState struct {
	root string
	dir  string // the package's directory: which service's schema (see sqlcheck.ModuleFiles.Service)
	once sync.Once
	s    *sqlcheck.Schema
	err  error
}

func (st *schemaState) get() *sqlcheck.Schema {
	st.once.Do(func() {
		st.s, st.err = loadSchema(st.root, SchemaFlag, st.dir)
	})
	return st.s
}

// moduleFiles identifies the files a module's schema and statements are
// read from by their cache key, computed once per process. Both the schema
// and the module's statements are kept in the on-disk cache (schemacache)
// under that key: a go vet run's processes, one per package, replay the
// migrations once between them. The files' contents are not kept: a miss
// reads them again.
type moduleFiles struct {
	root  string
	paths []string
	once  sync.Once
	key   [32]byte
	// services are the module's services (see sqlcheck.ModuleFiles.Services).
	services []string
	err      error
}

var filesCache sync.Map // key (root and -schema paths) -> *moduleFiles

func readModule(root string, paths []string) *moduleFiles {
	v, _ := filesCache.LoadOrStore(root+"\x00"+strings.Join(paths, "\x00"), &moduleFiles{root: root, paths: paths})
	m := v.(*moduleFiles)
	m.once.Do(func() {
		var files *sqlcheck.ModuleFiles
		if files, m.err = m.read(); m.err == nil {
			m.key = files.Key()
			m.services = files.Services()
		}
	})
	return m
}

// read reads the files: those under the module root, or the -schema paths.
func (m *moduleFiles) read() (*sqlcheck.ModuleFiles, error) {
	if len(m.paths) == 0 {
		return sqlcheck.ReadModule(m.root), nil
	}
	abs := make([]string, len(m.paths))
	for i, p := range m.paths {
		if !filepath.IsAbs(p) {
			p = filepath.Join(m.root, p)
		}
		abs[i] = p
	}
	return sqlcheck.ReadPaths(abs)
}

// compute returns what kind of entry the files give, from the cache or
// computed from the files and stored. A file changed since the key was
// computed gives the entry of its new contents. scope tells apart entries
// of one kind that depend on more than the files (a service's schema).
func compute[T any](m *moduleFiles, kind, scope string, from func(*sqlcheck.ModuleFiles) T) (T, error) {
	var v T
	dir := schemacache.Dir()
	if schemacache.Load(dir, schemacache.Key(kind, scoped(m.key, scope)), &v) {
		return v, nil
	}
	files, err := m.read()
	if err != nil {
		return v, err
	}
	v = from(files)
	schemacache.Store(dir, schemacache.Key(kind, scoped(files.Key(), scope)), v) // a cache that cannot be written costs time, not results
	return v, nil
}

// scoped is the cache key of the files' entry for scope: the files' key
// alone for none, as before scopes existed.
func scoped(key [32]byte, scope string) []byte {
	if scope == "" {
		return key[:]
	}
	return append(key[:], "\x00"+scope...)
}

type cached struct {
	once sync.Once
	s    *sqlcheck.Schema
	err  error
}

var schemaCache sync.Map // key (root and -schema paths) -> *cached

// loadSchema returns the schema of the module at root (or of the -schema
// paths) that a package in dir reads: in a module of several services,
// its own service's.
func loadSchema(root string, paths []string, dir string) (*sqlcheck.Schema, error) {
	mf := readModule(root, paths)
	if mf.err != nil {
		return nil, mf.err
	}
	service := sqlcheck.ServiceOf(root, dir, mf.services)
	v, _ := schemaCache.LoadOrStore(root+"\x00"+strings.Join(paths, "\x00")+"\x00"+service, new(cached))
	c := v.(*cached)
	c.once.Do(func() {
		c.s, c.err = compute(mf, "schema", service, func(files *sqlcheck.ModuleFiles) *sqlcheck.Schema {
			srcs, uses, probs := files.Scoped(service).Sources()
			s := sqlcheck.Replay(srcs)
			s.Problems = append(probs, s.Problems...)
			s.Sources = uses
			return s
		})
	})
	return c.s, c.err
}

var moduleStatements sync.Map // module root -> *statementsOnce

type statementsOnce struct {
	once  sync.Once
	stmts []*sqlcheck.Stmt
}

// ModuleRoot is the directory the schema and the module's SQL are read
// from: the module root, or the package directory outside module mode.
func (m *Model) ModuleRoot() string { return m.schema.root }

// ModuleStatements returns every SELECT, UPDATE and DELETE the module holds
// as SQL, wherever it is (see sqlcheck.ModuleStatements), read once per
// process. The Go string literals of this package that its calls were read
// from are left out: the model holds those statements already, with the
// constants their calls bind (DELETE ... WHERE status IN ($1, $2) bound to
// the finished states), where the text alone would admit any state.
func (m *Model) ModuleStatements() []*sqlcheck.Stmt {
	v, _ := moduleStatements.LoadOrStore(m.schema.root, new(statementsOnce))
	s := v.(*statementsOnce)
	s.once.Do(func() {
		mf := readModule(m.schema.root, nil)
		if mf.err == nil {
			s.stmts, _ = compute(mf, "statements", "", (*sqlcheck.ModuleFiles).Statements)
		}
	})
	// Clipped: the rules append their package's statements to it, and
	// an append must copy rather than write into the array that the
	// other rules, and the other packages of the module, are reading.
	m.ownOnce.Do(func() { m.own = slices.Clip(m.withoutOwn(s.stmts)) })
	return m.own
}

// withoutOwn returns stmts without those read from a Go literal of the
// package whose text is the SQL of one of its read calls.
func (m *Model) withoutOwn(stmts []*sqlcheck.Stmt) []*sqlcheck.Stmt {
	read := map[string]bool{}
	for _, c := range m.Calls {
		if c.Known {
			for _, sql := range append([]string{c.SQL}, c.variants...) {
				read[strings.TrimSpace(sql)] = true
			}
		}
	}
	if len(read) == 0 || m.files == nil {
		return stmts
	}
	out := make([]*sqlcheck.Stmt, 0, len(stmts))
	for _, st := range stmts {
		if o := st.Origin; o != nil && read[strings.TrimSpace(o.SQL)] {
			if abs, err := filepath.Abs(o.Path); err == nil && m.files.local[abs] != nil {
				continue
			}
		}
		out = append(out, st)
	}
	return out
}

// moduleRoot returns the directory that holds the package's go.mod. Outside
// module mode (GOPATH layouts, as in analysistest), it is the package's own
// directory.
func moduleRoot(pass *analysis.Pass) string {
	dir := packageDir(pass)
	if dir == "" || pass.Module == nil {
		return dir
	}
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

func packageDir(pass *analysis.Pass) string {
	for _, f := range pass.Files {
		name := pass.Fset.File(f.Pos()).Name()
		if strings.HasSuffix(name, ".go") {
			if abs, err := filepath.Abs(filepath.Dir(name)); err == nil {
				return abs
			}
		}
	}
	return ""
}

// fileMap turns schema locations into positions of the pass's file set.
type fileMap struct {
	fset  *token.FileSet
	local map[string]*token.File // the package's own files
}

func newFileMap(pass *analysis.Pass) *fileMap {
	m := &fileMap{fset: pass.Fset, local: make(map[string]*token.File)}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		if abs, err := filepath.Abs(tf.Name()); err == nil {
			m.local[abs] = tf
		}
	}
	return m
}

// added remembers the files added to each file set, so that a file shared
// by many packages of one process is added once.
var added struct {
	sync.Mutex
	files map[*token.FileSet]map[string]*token.File
}

func (m *fileMap) pos(loc sqlcheck.Loc) token.Pos {
	abs, err := filepath.Abs(loc.File)
	if err != nil {
		return token.NoPos
	}
	tf := m.local[abs]
	if tf == nil {
		tf = m.addFile(loc.File)
	}
	if tf == nil || loc.Offset > tf.Size() {
		return token.NoPos
	}
	return tf.Pos(loc.Offset)
}

// declared returns the location of a declaration's name. Under go vet a
// declaration of an imported package has its position from export data,
// which keeps the line and neither the column nor the offset: the name is
// looked for on that line of the file (the first whole word), and the
// line's start stands for it when it is not there.
func (m *fileMap) declared(pos token.Pos, name string) sqlcheck.Loc {
	p := m.fset.Position(pos)
	loc := sqlcheck.Loc{File: p.Filename, Offset: p.Offset, Line: p.Line, Col: p.Column}
	abs, err := filepath.Abs(p.Filename)
	if err != nil || m.local[abs] != nil || p.Line < 1 {
		return loc
	}
	content, err := os.ReadFile(p.Filename)
	if err != nil {
		return loc
	}
	start := 0
	for range p.Line - 1 {
		i := bytes.IndexByte(content[start:], '\n')
		if i < 0 {
			return loc
		}
		start += i + 1
	}
	line := content[start:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	if c := p.Column - 1; c >= 0 && c < len(line) && wordIndex(line[c:], name) == 0 {
		return loc // a position read from source
	}
	col := wordIndex(line, name)
	if col < 0 {
		col = 0
	}
	loc.Offset, loc.Col = start+col, col+1
	return loc
}

// declPos returns the position of an object's name, exact under go vet
// too (see declared): where a finding about another package's function is
// reported.
func (m *fileMap) declPos(obj types.Object) token.Pos {
	p := m.fset.Position(obj.Pos())
	loc := m.declared(obj.Pos(), obj.Name())
	if loc.Line == p.Line && loc.Col == p.Column {
		return obj.Pos()
	}
	return m.pos(loc)
}

// wordIndex returns the index of the first occurrence of word in line
// that is a whole identifier, or -1.
func wordIndex(line []byte, word string) int {
	if word == "" {
		return -1
	}
	for from := 0; ; {
		i := bytes.Index(line[from:], []byte(word))
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(word)
		if (i == 0 || !isIdentByte(line[i-1])) && (end == len(line) || !isIdentByte(line[end])) {
			return i
		}
		from = i + 1
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

func (m *fileMap) addFile(path string) *token.File {
	added.Lock()
	defer added.Unlock()
	if added.files == nil {
		added.files = make(map[*token.FileSet]map[string]*token.File)
	}
	files := added.files[m.fset]
	if files == nil {
		files = make(map[string]*token.File)
		added.files[m.fset] = files
	}
	if tf, ok := files[path]; ok {
		return tf
	}
	content, err := os.ReadFile(path)
	if err != nil {
		// An unreadable migration is still reported, at its first line.
		tf := m.fset.AddFile(path, -1, 0)
		files[path] = tf
		return tf
	}
	tf := m.fset.AddFile(path, -1, len(content))
	tf.SetLinesForContent(content)
	files[path] = tf
	return tf
}

// NoteUnschemed turns on the record TablesWithoutSchema reads; the
// standalone driver sets it (go vet shows no notice).
var NoteUnschemed bool

// unschemed holds the queue tables that a package reports the schema of
// but that the schema it read does not have (no migration creates them, or
// none was found): the rules that read the schema skip them in silence, and
// the standalone driver says so once (see TablesWithoutSchema).
var unschemed sync.Map // "root\x00table" -> struct{}

// noteUnschemed records the package's queue tables that its schema lacks.
func (m *Model) noteUnschemed() {
	var s *sqlcheck.Schema
	loaded := false
	for _, t := range m.Tables {
		if !m.ReportsSchemaOf(t) {
			continue
		}
		if !loaded {
			s, loaded = m.Schema(), true
		}
		if s == nil || s.Table(t.Name) == nil {
			unschemed.Store(m.schema.root+"\x00"+t.Name, struct{}{})
		}
	}
}

// TablesWithoutSchema returns, by module root, the queue tables whose
// schema no package of this process found, in name order.
func TablesWithoutSchema() map[string][]string {
	out := map[string][]string{}
	unschemed.Range(func(k, _ any) bool {
		root, table, _ := strings.Cut(k.(string), "\x00")
		out[root] = append(out[root], TableName(table))
		return true
	})
	for _, tables := range out {
		slices.Sort(tables)
	}
	return out
}

var moduleAdvisory sync.Map // module root -> *advisoryOnce

type advisoryOnce struct {
	once  sync.Once
	locks bool
}

var advisoryLockCall = regexp.MustCompile(`(?i)\bpg_(try_)?advisory_(xact_)?lock(_shared)?\s*\(`)

// ModuleTakesAdvisoryLock reports whether SQL anywhere in the module (a
// Go literal that starts as a statement does, a .sql file) takes an
// advisory lock, session- or transaction-scoped: SELECT
// pg_try_advisory_lock($1) for a leader, pg_advisory_xact_lock(...) to
// serialise a step. ModuleKey covers what it reads (the statement
// sources). A lock taken by a helper that imports package testing (the
// one that sets up a test database) is on no path a deployed relay runs.
func (m *Model) ModuleTakesAdvisoryLock() bool {
	v, _ := moduleAdvisory.LoadOrStore(m.schema.root, new(advisoryOnce))
	a := v.(*advisoryOnce)
	a.once.Do(func() {
		mf := readModule(m.schema.root, nil)
		if mf.err == nil {
			a.locks, _ = compute(mf, "advisorylocks", "", func(files *sqlcheck.ModuleFiles) bool {
				support := testSupport(files)
				return slices.ContainsFunc(files.StatementSources(), func(s *sqlcheck.Source) bool {
					return !support[s.Path] && advisoryLockCall.MatchString(s.SQL)
				})
			})
		}
	})
	return a.locks
}

// testSupport returns the module's Go files that take an advisory lock
// and import package testing: helpers only tests run (ReadModule leaves
// _test.go files out).
func testSupport(files *sqlcheck.ModuleFiles) map[string]bool {
	out := map[string]bool{}
	for _, f := range files.Files {
		if !strings.HasSuffix(f.Path, ".go") {
			continue
		}
		if !bytes.Contains(f.Content, []byte(`"testing"`)) || !advisoryLockCall.Match(f.Content) {
			continue // only a file that takes a lock needs its imports read
		}
		ast, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Content, parser.ImportsOnly)
		if err == nil && slices.ContainsFunc(ast.Imports, func(i *goast.ImportSpec) bool { return i.Path.Value == `"testing"` }) {
			out[f.Path] = true
		}
	}
	return out
}
