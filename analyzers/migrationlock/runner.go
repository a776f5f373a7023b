package migrationlock

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/jobqlint/jobqlint/analyzers/internal/gofiles"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// runners finds the Go code that runs a migration file: a package that
// embeds it (//go:embed migrations/*.sql) or names its directory in a
// string ("migrations", as goose.Up(db, "migrations") does). When that
// package also sets a lock_timeout of its own, the file's statements run
// under it: in SQL (the reference queue's migrate.go runs SET lock_timeout
// on the connection before each migration), in a connection string
// (options=-c lock_timeout=5s) or as a runtime parameter of pgx's
// configuration (RuntimeParams["lock_timeout"] = "5s").
type runners struct {
	root  string
	mu    sync.Mutex
	pkgs  map[string]*runnerPkg // by directory
	files map[string]bool       // migration file -> runs under a lock_timeout set in Go
}

// runnerPkg is what the non-test Go files of one directory say.
type runnerPkg struct {
	embeds  []string // //go:embed patterns
	strs    []string // string literals
	timeout bool     // one of them sets lock_timeout
	// splitAt is where the package splits a text on ; and runs the
	// parts one by one (file:line), "" when it does not.
	splitAt string
}

func newRunners(root string) *runners {
	return &runners{root: root, pkgs: map[string]*runnerPkg{}, files: map[string]bool{}}
}

// setLockTimeout reports whether a package between the file's directory
// and the module root runs the file and sets a lock_timeout.
func (r *runners) setLockTimeout(file string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if v, ok := r.files[file]; ok {
		return v
	}
	v := r.find(file)
	r.files[file] = v
	return v
}

func (r *runners) find(file string) bool {
	abs, err := filepath.Abs(file)
	if err != nil {
		return false
	}
	root, _ := filepath.Abs(r.root)
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		if p := r.pkg(dir); p.timeout && p.runs(dir, abs) {
			return true
		}
		if dir == root || dir == filepath.Dir(dir) || !strings.HasPrefix(dir, root) {
			return false
		}
	}
}

// runs reports whether the package in dir embeds file or names its
// directory.
func (p *runnerPkg) runs(dir, file string) bool {
	rel, err := filepath.Rel(dir, file)
	if err != nil {
		return false
	}
	rel = filepath.ToSlash(rel)
	for _, pat := range p.embeds {
		if ok, _ := path.Match(pat, rel); ok || strings.HasPrefix(rel, strings.TrimSuffix(pat, "/")+"/") {
			return true
		}
	}
	relDir := path.Dir(rel)
	for _, s := range p.strs {
		if path.Clean(strings.TrimPrefix(s, "./")) == relDir {
			return true
		}
	}
	return false
}

var (
	embedLine   = regexp.MustCompile(`(?m)^//go:embed\s+(.+)$`)
	timeoutText = regexp.MustCompile(`(?i)\bset\s+(session\s+|local\s+)?lock_timeout\b|set_config\s*\(\s*'lock_timeout'`)
	// dsnTimeout is lock_timeout in a connection string's options, plain
	// or URL-encoded: options=-c lock_timeout=5s, options=-c%20lock_timeout%3D5s.
	dsnTimeout = regexp.MustCompile(`(?i)-c(?:\s+|%20|\+)lock_timeout(?:=|%3D)([^\s&'"%]+)`)
)

// setsTimeout reports whether a Go string sets a lock_timeout that is not 0.
func setsTimeout(s string) bool {
	if timeoutText.MatchString(s) {
		return true
	}
	for _, m := range dsnTimeout.FindAllStringSubmatch(s, -1) {
		if !zero(m[1]) {
			return true
		}
	}
	return false
}

// zero reports whether a lock_timeout value turns the timeout off: 0,
// 0ms, 0s.
func zero(v string) bool {
	return strings.TrimLeft(strings.TrimRight(strings.TrimSpace(v), "msinhd"), "0") == ""
}

// runtimeParam reports whether n sets pgx's runtime parameter
// lock_timeout to a value other than 0: RuntimeParams["lock_timeout"] =
// "5s", or "lock_timeout": "5s" in a map literal.
func runtimeParam(n ast.Node) bool {
	var key, val ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
			return false
		}
		ix, ok := n.Lhs[0].(*ast.IndexExpr)
		if !ok {
			return false
		}
		key, val = ix.Index, n.Rhs[0]
	case *ast.KeyValueExpr:
		key, val = n.Key, n.Value
	default:
		return false
	}
	if k, ok := gofiles.StringLit(key); !ok || k != "lock_timeout" {
		return false
	}
	v, ok := gofiles.StringLit(val)
	return !ok || !zero(v) // a value computed at run time is taken for a timeout
}

func (r *runners) pkg(dir string) *runnerPkg {
	if p, ok := r.pkgs[dir]; ok {
		return p
	}
	p := new(runnerPkg)
	r.pkgs[dir] = p
	entries, err := os.ReadDir(dir)
	if err != nil {
		return p
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		content, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		for _, m := range embedLine.FindAllStringSubmatch(string(content), -1) {
			p.embeds = append(p.embeds, strings.Fields(m[1])...)
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, content, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		if pos := splitsAndRuns(f); pos.IsValid() && p.splitAt == "" {
			p.splitAt = fmt.Sprintf("%s:%d", name, fset.Position(pos).Line)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					p.strs = append(p.strs, s)
					p.timeout = p.timeout || setsTimeout(s)
				}
			}
			p.timeout = p.timeout || runtimeParam(n)
			return true
		})
	}
	return p
}

// mentionsTimeout finds the files that may set a lock_timeout or split a
// migration into statements: a superset of those where timeoutText
// matches a string literal or splitsAndRuns finds a loop.
var mentionsTimeout = regexp.MustCompile(`(?i)lock_timeout|\bSplit(Seq|After|AfterSeq)?\(`)

// splitOn are the functions of package strings that cut a text at a
// separator.
var splitOn = map[string]bool{"Split": true, "SplitAfter": true, "SplitSeq": true, "SplitAfterSeq": true}

// splitsAndRuns returns where a file cuts a text at ; (strings.Split(s,
// ";"), or at ";\n") and ranges over the parts, running each with an
// Exec or ExecContext call in the loop, in a function that begins no
// transaction: a runner that sends a migration a statement at a time,
// each in a transaction of its own. NoPos when it does not.
func splitsAndRuns(f *ast.File) token.Pos {
	isSplit := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return false
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || !splitOn[sel.Sel.Name] {
			return false
		}
		if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "strings" {
			return false
		}
		sep, ok := gofiles.StringLit(call.Args[1])
		return ok && strings.HasPrefix(sep, ";")
	}
	var found token.Pos
	ast.Inspect(f, func(n ast.Node) bool {
		fn, ok := n.(*ast.FuncDecl)
		if !ok || fn.Body == nil || found.IsValid() {
			return !found.IsValid()
		}
		if beginsTx(fn.Body) {
			return false // the parts may share the transaction it begins
		}
		parts := map[string]bool{} // variables given the parts
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == 1 && len(n.Rhs) == 1 && isSplit(n.Rhs[0]) {
					if id, ok := n.Lhs[0].(*ast.Ident); ok {
						parts[id.Name] = true
					}
				}
			case *ast.RangeStmt:
				id, isVar := n.X.(*ast.Ident)
				if (isSplit(n.X) || isVar && parts[id.Name]) && runsEach(n.Body) {
					found = n.For
				}
			}
			return !found.IsValid()
		})
		return false
	})
	return found
}

// txStarts are the methods that begin a transaction, or run a function in
// one, in database/sql, pgx, sqlx, GORM, bun and go-pg.
var txStarts = map[string]bool{"Begin": true, "BeginTx": true, "Beginx": true, "BeginTxx": true, "MustBegin": true, "BeginFunc": true, "BeginTxFunc": true, "Transaction": true, "RunInTx": true, "RunInTransaction": true}

// beginsTx reports whether a function body begins a transaction: a loop
// of Exec calls in it may run on that transaction, which a runner
// splitting the file on ; does not end between statements.
func beginsTx(body *ast.BlockStmt) bool {
	begins := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && txStarts[sel.Sel.Name] {
				begins = true
			}
		}
		return !begins
	})
	return begins
}

// runsEach reports whether a loop's body runs SQL: an Exec or ExecContext
// call.
func runsEach(body *ast.BlockStmt) bool {
	runs := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Exec" || sel.Sel.Name == "ExecContext") {
				runs = true
			}
		}
		return !runs
	})
	return runs
}

// splits returns where a package between the file's directory and the
// module root that runs the file sends it a statement at a time, or "".
func (r *runners) splits(file string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	root, _ := filepath.Abs(r.root)
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		if p := r.pkg(dir); p.splitAt != "" && p.runs(dir, abs) {
			rel, err := filepath.Rel(root, filepath.Join(dir, p.splitAt))
			if err != nil {
				return p.splitAt
			}
			return filepath.ToSlash(rel)
		}
		if dir == root || dir == filepath.Dir(dir) || !strings.HasPrefix(dir, root) {
			return ""
		}
	}
}

// ModuleKey writes what the runners found under root depend on: the
// non-test Go files of each directory where one of them may set a
// lock_timeout. Under go vet the package that reports a migration need not
// import the package that runs it; the driver puts this into the tool's
// ID, so that editing the runner does not leave a stale result.
func ModuleKey(w io.Writer, root string) {
	byDir := map[string][]string{}
	var dirs []string
	for _, path := range sqlcheck.GoFiles(root) {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		dir := filepath.Dir(path)
		if byDir[dir] == nil {
			dirs = append(dirs, dir)
		}
		byDir[dir] = append(byDir[dir], path)
	}
	for _, dir := range dirs {
		var files [][]byte
		timeout := false
		for _, path := range byDir[dir] {
			content, err := os.ReadFile(path)
			if err != nil {
				content = []byte("unreadable: " + err.Error())
			}
			files = append(files, content)
			timeout = timeout || mentionsTimeout.Match(content)
		}
		if !timeout {
			continue
		}
		for i, path := range byDir[dir] {
			fmt.Fprintf(w, "runner\x00%s\x00%d\x00%s", path, len(files[i]), files[i])
		}
	}
}
