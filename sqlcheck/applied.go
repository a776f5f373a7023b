package sqlcheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// A RunnerPath is a directory that the module tells a migration runner to
// apply: golang-migrate's `migrate -path migrations` (or a file:// source
// URL), goose's `-dir`, dbmate's `--migrations-dir`, tern's
// `--migrations`, in a Makefile, Dockerfile, compose file or shell script;
// in Go, a `//go:embed` pattern, a "file://" URL, os.DirFS("dir") or a
// goose.Up(db, "dir") argument.
type RunnerPath struct {
	Dir string // slash-separated, as named (relative to the module root when Exact)
	// Exact: Dir is relative to the module root (an embed pattern, resolved
	// against its package's directory); otherwise it is relative to a
	// working directory the tool cannot know, and names every directory
	// whose path ends with it (or that it ends with: /app/migrations).
	Exact bool
	// Init says the path is put in the postgres image's
	// /docker-entrypoint-initdb.d, which runs only on a new database
	// (see InitOnly); Dir may then be a .sql file's path.
	Init bool
	From string // file:line that names it
}

// The files that run a migration command: build and deploy scripts.
func isRunnerFile(name string) bool {
	lower := strings.ToLower(name)
	switch {
	case lower == "makefile" || lower == "gnumakefile" || strings.HasSuffix(lower, ".mk"),
		strings.HasPrefix(lower, "dockerfile") || strings.HasSuffix(lower, ".dockerfile"),
		strings.HasSuffix(lower, ".sh"),
		lower == "justfile" || lower == "procfile",
		(strings.HasSuffix(lower, ".yml") || strings.HasSuffix(lower, ".yaml")) &&
			(strings.Contains(lower, "compose") || strings.HasPrefix(lower, "taskfile")):
		return true
	}
	return false
}

var (
	// A migration command's directory flag, on a line that names a tool.
	runnerTool = regexp.MustCompile(`(?i)\b(migrate|goose|dbmate|tern)\b`)
	runnerFlag = regexp.MustCompile(`(?:^|[\s"'\[,])(?:-path|--path|-dir|--dir|--migrations-dir|--migrations|-m|-source|--source)["']?(?:\s+|=|,\s*)["']?(?:file://)?((?:\$[({][^)}]*[)}]|[^\s"';|&)\]])+)`)
	// A source URL and the environment variables the tools read.
	fileURL   = regexp.MustCompile(`file://([^\s"'` + "`" + `;|&)]+)`)
	runnerEnv = regexp.MustCompile(`\b(?:GOOSE_MIGRATION_DIR|DBMATE_MIGRATIONS_DIR)\s*[=:]\s*["']?([^\s"']+)`)
)

// runnerFilePaths returns the runner paths that the build and deploy
// scripts under root name.
func runnerFilePaths(root string) []RunnerPath {
	var out []RunnerPath
	for _, p := range moduleFiles(root, isRunnerFile) {
		content, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		tool := -10 // the last line that names a tool
		for i, line := range strings.Split(string(content), "\n") {
			from := fmt.Sprintf("%s:%d", p, i+1)
			var dirs []string
			if runnerTool.MatchString(line) {
				tool = i
			}
			// A compose service names its image a few lines above its
			// command (image: migrate/migrate, then command: [-path, ...]).
			if i-tool <= 5 {
				for _, m := range runnerFlag.FindAllStringSubmatch(line, -1) {
					dirs = append(dirs, m[1])
				}
			}
			for _, m := range fileURL.FindAllStringSubmatch(line, -1) {
				dirs = append(dirs, m[1])
			}
			for _, m := range runnerEnv.FindAllStringSubmatch(line, -1) {
				dirs = append(dirs, m[1])
			}
			for _, dir := range dirs {
				if dir = cleanRunnerDir(dir); dir != "" {
					out = append(out, RunnerPath{Dir: dir, From: from})
				}
			}
		}
	}
	return out
}

// cleanRunnerDir returns the directory part of a path a command names,
// without what a reader cannot resolve: a variable ($(DIR)/migrations and
// ${ROOT}/migrations keep migrations), a leading ./, ../ or /. "" when
// nothing is left.
func cleanRunnerDir(dir string) string {
	if i := strings.LastIndex(dir, "}"); i >= 0 && strings.Contains(dir[:i], "${") {
		dir = dir[i+1:]
	}
	if i := strings.LastIndex(dir, ")"); i >= 0 && strings.Contains(dir[:i], "$(") {
		dir = dir[i+1:]
	}
	if strings.Contains(dir, "$") {
		return ""
	}
	dir = path.Clean("/" + strings.TrimSuffix(dir, "/"))
	var segs []string
	for _, s := range strings.Split(dir, "/") {
		if s != "" && s != "." && s != ".." {
			segs = append(segs, s)
		}
	}
	return strings.Join(segs, "/")
}

// goRunnerPaths returns the runner paths a Go file names.
func goRunnerPaths(root, file string, content []byte) []RunnerPath {
	if !strings.Contains(string(content), "go:embed") && !strings.Contains(string(content), "file://") &&
		!strings.Contains(string(content), "DirFS") && !strings.Contains(string(content), "goose") {
		return nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, content, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var out []RunnerPath
	pkgDir, _ := filepath.Rel(root, filepath.Dir(file))
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			rest, ok := strings.CutPrefix(c.Text, "//go:embed ")
			if !ok {
				continue
			}
			for _, pat := range strings.Fields(rest) {
				pat = strings.TrimPrefix(strings.Trim(pat, "\"`"), "all:")
				dir := pat
				if strings.ContainsAny(path.Base(pat), "*?[") || strings.Contains(path.Base(pat), ".") {
					dir = path.Dir(pat)
				}
				rel := path.Clean(path.Join(filepath.ToSlash(pkgDir), dir))
				out = append(out, RunnerPath{Dir: rel, Exact: true, From: fmt.Sprintf("%s:%d", file, fset.Position(c.Pos()).Line)})
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(n.Value); err == nil {
				for _, m := range fileURL.FindAllStringSubmatch(s, -1) {
					if dir := cleanRunnerDir(m[1]); dir != "" {
						out = append(out, RunnerPath{Dir: dir, From: fmt.Sprintf("%s:%d", file, fset.Position(n.Pos()).Line)})
					}
				}
			}
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok || len(n.Args) == 0 {
				return true
			}
			x, _ := sel.X.(*ast.Ident)
			var arg ast.Expr
			switch {
			case x != nil && x.Name == "os" && sel.Sel.Name == "DirFS":
				arg = n.Args[0]
			case x != nil && x.Name == "goose" && strings.HasPrefix(sel.Sel.Name, "Up") && len(n.Args) >= 2:
				arg = n.Args[len(n.Args)-1]
				if strings.HasSuffix(sel.Sel.Name, "Context") || sel.Sel.Name == "UpTo" {
					arg = n.Args[min(2, len(n.Args)-1)]
				}
			default:
				return true
			}
			if lit, ok := arg.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					if dir := cleanRunnerDir(s); dir != "" {
						out = append(out, RunnerPath{Dir: dir, From: fmt.Sprintf("%s:%d", file, fset.Position(lit.Pos()).Line)})
					}
				}
			}
		}
		return true
	})
	return out
}

// names reports whether a runner path names the directory rel (relative
// to the module root, slash-separated).
func (r RunnerPath) names(rel string) bool {
	if r.Exact {
		return r.Dir == rel
	}
	a, b := strings.Split(r.Dir, "/"), strings.Split(rel, "/")
	if len(a) > len(b) {
		a, b = b, a
	}
	return strings.Join(b[len(b)-len(a):], "/") == strings.Join(a, "/")
}

// runnerPaths returns the runner paths of a module: its scripts' and its
// Go files'.
func runnerPaths(root string, files []File) []RunnerPath {
	out := append(runnerFilePaths(root), initdbPaths(root)...)
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".go") {
			out = append(out, goRunnerPaths(root, f.Path, f.Content)...)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].From < out[j].From })
	return out
}

// unapplied returns the migration directories that no runner applies,
// each with why: a directory of migrations nested in another (an archive
// of squashed migrations, migrations/archive under migrations) when the
// module names the outer one as its runner's path and never the inner
// one. Every tool jobqlint recognises reads one directory without its
// subdirectories (golang-migrate's file source, goose, tern, dbmate,
// sql-migrate, atlas), so the runner pointed at the outer directory never
// applies the inner one. Without a runner path for the outer directory,
// or with one for the inner, every directory stays (the tool cannot tell
// what else runs them).
func unapplied(root string, tools map[string]string, runners []RunnerPath) map[string]string {
	out := map[string]string{}
	if root == "" || len(runners) == 0 {
		return out
	}
	rels := map[string]string{} // rel -> dir
	for dir, tool := range tools {
		if tool == "" {
			continue
		}
		rel, err := filepath.Rel(root, dir)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		rels[filepath.ToSlash(rel)] = dir
	}
	for rel, dir := range rels {
		if namedBy(runners, rel) != nil {
			continue
		}
		for outer := range rels {
			if outer == rel || !(outer == "." || strings.HasPrefix(rel, outer+"/")) {
				continue
			}
			if r := namedBy(runners, outer); r != nil {
				out[dir] = fmt.Sprintf("not applied: the runner applies %s (%s) and reads no subdirectory of it", outer, r.From)
				break
			}
		}
	}
	return out
}

func namedBy(runners []RunnerPath, rel string) *RunnerPath {
	for i, r := range runners {
		if r.names(rel) {
			return &runners[i]
		}
	}
	return nil
}
