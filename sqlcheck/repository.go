package sqlcheck

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
)

// A module may keep its migrations outside itself, in the repository
// around it: a repository with a go.work at its root, the service in
// sidecar/ and its migrations in deployment/migrations, run by a container
// rather than by Go code. When the module's own files give no schema, its
// schema is read from the migration directory of the enclosing repository
// that belongs to no Go module:
//
//   - the repository is the nearest directory above the module root that
//     holds .git or go.work; nothing above it is read, and a module that
//     holds one itself has no enclosing repository. When no directory
//     above holds either, the module path names it (see pathRepository);
//   - a directory inside another go.mod's tree is that module's (in a
//     monorepo each service keeps its own migrations, and a module nested
//     in a root module is inside the root's tree), except the tree of the
//     root module of a go.work that uses it: the workspace's modules are
//     developed as one, and its schema at the root serves them all (eval22
//     labkit: db/migrations at the root, the SQL in packages/go/db);
//   - a migration directory is one a migration tool's files mark (see
//     migrationDirs), or one named migrations holding .sql files, not
//     under a directory named for another database;
//   - only one is read: with two or more nothing says which database the
//     module uses, and all are set aside (-schema names the right one).

// repositoryMigrations returns the files of the one migration directory
// of root's enclosing repository that no Go module holds, or, when there
// are several, no files and each directory as a use set aside. It also
// returns the repository and how it was found (see repositoryOf). When
// the repository holds no migration directory, a tree of other .sql files
// may be the module's schema (see fittingSchema): fit says so; statements
// gives the module's own statements, read only then.
func repositoryMigrations(root string, statements func() []*Stmt) (files []string, aside []SourceUse, repo, by string, fit bool) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, nil, "", "", false
	}
	repo, by = repositoryOf(root)
	if repo == "" || isModule(repo) && !workspaceRootModule(repo) {
		return nil, nil, "", "", false
	}
	byDir := map[string][]string{}
	plans := map[string]bool{} // the directories of sqitch projects
	filepath.WalkDir(repo, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable directory of another part of the repository is not the module's problem
		}
		if d.IsDir() {
			if path != repo && (skipDir(d.Name()) || isModule(path)) { // the module's own root among them
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && d.Name() == sqitchPlan {
			plans[filepath.Dir(path)] = true
		}
		if d.Type().IsRegular() && strings.HasSuffix(d.Name(), ".sql") && isSchemaFile(d.Name()) {
			byDir[filepath.Dir(path)] = append(byDir[filepath.Dir(path)], path)
		}
		return nil
	})
	var dirs []string
	for dir, paths := range byDir {
		if otherEngine(repo, dir) != "" || sqitchScript(plans, dir) != "" {
			continue
		}
		if filepath.Base(dir) == "migrations" || migrationTool(paths) != "" || isSqitchDeploy(plans, dir) {
			dirs = append(dirs, dir)
		}
	}
	switch len(dirs) {
	case 0:
		files, aside := fittingSchema(root, repo, byDir, statements)
		if by == RepositoryByModulePath {
			for i := range aside {
				aside[i].PathRepository = repo
			}
		}
		return files, aside, repo, by, true
	case 1:
		files := byDir[dirs[0]]
		sort.SliceStable(files, func(i, j int) bool { return naturalLess(files[i], files[j]) })
		if isSqitchDeploy(plans, dirs[0]) {
			// The plan goes with its scripts: it says they are sqitch's.
			files = append([]string{filepath.Join(filepath.Dir(dirs[0]), sqitchPlan)}, files...)
		}
		return files, nil, repo, by, false
	}
	slices.SortFunc(dirs, func(a, b string) int {
		if naturalLess(a, b) {
			return -1
		}
		return 1
	})
	aside = make([]SourceUse, len(dirs))
	pathRepo := ""
	if by == RepositoryByModulePath {
		pathRepo = repo
	}
	for i, dir := range dirs {
		aside[i] = SourceUse{Path: dir, Kind: "SQL files outside the module", Files: len(byDir[dir]), Outside: true,
			Why: "the module has no schema of its own, and its repository holds several migration directories outside every Go module: name the module's with -schema", PathRepository: pathRepo}
	}
	return nil, aside, repo, by, false
}

// workspaceRootModule reports whether dir, a module's root, holds a go.work
// that uses that module.
func workspaceRootModule(dir string) bool {
	name := filepath.Join(dir, "go.work")
	data, err := os.ReadFile(name)
	if err != nil {
		return false
	}
	wf, err := modfile.ParseWork(name, data, nil)
	if err != nil {
		return false
	}
	for _, u := range wf.Use {
		if filepath.Clean(u.Path) == "." {
			return true
		}
	}
	return false
}

// isSqitchDeploy reports whether dir is the deploy directory of a sqitch
// project.
func isSqitchDeploy(plans map[string]bool, dir string) bool {
	return filepath.Base(dir) == "deploy" && plans[filepath.Dir(dir)]
}

// A repository without a migration directory may still keep its schema
// outside the module: a schema.sql at its root, the scripts a PostgreSQL
// container runs from docker-entrypoint-initdb.d, a sibling sql/ tree.
// Names alone say little there (a sql/ directory may hold another
// service's tables, or reports), so such a tree is read only when it fits
// the module's own SQL: every table the module's statements name is one
// the tree creates, with every column their WHERE and ORDER BY name.
// Another service's table of the same name but other columns does not
// fit; a module whose SQL names no table, or a table no tree creates, gets
// nothing from the repository. With two trees that fit, nothing says which
// the module's database runs, and both are set aside.

// fittingSchema returns the files of the one tree of the repository,
// outside every Go module, whose schema fits the statements of the module at root, or, when
// several fit, no files and each tree as a use set aside. A tree is a
// directory at the repository's top level with all below it, or the .sql
// files at the top level itself.
func fittingSchema(root, repo string, byDir map[string][]string, statements func() []*Stmt) ([]string, []SourceUse) {
	// Files under a directory named for another database are set aside by
	// Sources, as in the module.
	trees := map[string][]string{}
	for dir, paths := range byDir {
		top := repo
		if rel, err := filepath.Rel(repo, dir); err == nil && rel != "." {
			top = filepath.Join(repo, strings.Split(filepath.ToSlash(rel), "/")[0])
		}
		trees[top] = append(trees[top], paths...)
	}
	if len(trees) == 0 {
		return nil, nil
	}
	var named []*Stmt
	for _, st := range statements() {
		if st.Table != "" {
			named = append(named, st)
		}
	}
	if len(named) == 0 {
		return nil, nil
	}
	var fit []string
	for top, paths := range trees {
		sort.SliceStable(paths, func(i, j int) bool { return naturalLess(paths[i], paths[j]) })
		m := readFiles(paths)
		if !mentionsAll(m.Files, named) {
			continue // not worth a replay
		}
		m.Root = root
		srcs, _, _ := m.Sources()
		if fits(Replay(srcs), createdViews(srcs), named) {
			fit = append(fit, top)
		}
	}
	switch len(fit) {
	case 0:
		return nil, nil
	case 1:
		return trees[fit[0]], nil
	}
	slices.SortFunc(fit, func(a, b string) int {
		if naturalLess(a, b) {
			return -1
		}
		return 1
	})
	aside := make([]SourceUse, len(fit))
	for i, top := range fit {
		aside[i] = SourceUse{Path: top, Kind: "SQL files outside the module", Files: len(trees[top]), Outside: true,
			Why: "the module has no schema of its own, and several trees of its repository outside every Go module create the tables its SQL names: name the module's with -schema"}
	}
	return nil, aside
}

// mentionsAll reports whether the files mention the name of every table
// the statements name (a tree that does not cannot create them all).
func mentionsAll(files []File, stmts []*Stmt) bool {
	var text []byte
	for _, f := range files {
		text = append(text, bytes.ToLower(f.Content)...)
	}
	for _, st := range stmts {
		name := st.Table[strings.LastIndexByte(st.Table, '.')+1:]
		if !bytes.Contains(text, []byte(strings.ToLower(name))) {
			return false
		}
	}
	return true
}

// fits reports whether a schema creates every table the statements name,
// with every column they filter and order by, or a view of that name
// (whose columns the replay does not model).
func fits(s *Schema, views map[string]bool, stmts []*Stmt) bool {
	for _, st := range stmts {
		if views[st.Table] {
			continue
		}
		t := s.Table(st.Table)
		if t == nil || ownColumns(st) && !t.Names(st) {
			return false
		}
	}
	return true
}

// ownColumns reports whether every column a statement's WHERE and ORDER
// BY name is its table's: no other table, WITH query or subquery is
// joined, whose conditions would be among them.
func ownColumns(st *Stmt) bool {
	return !st.Joined && st.FromCTE == "" && len(st.given) == 0 && len(st.JoinedTables) == 0
}

var createView = regexp.MustCompile(`(?i)\bcreate\s+(?:or\s+replace\s+)?(?:(?:temp|temporary|recursive|materialized)\s+)*view\s+(?:if\s+not\s+exists\s+)?([\w$"]+(?:\.[\w$"]+)?)`)

// createdViews returns the qualified names of the views the sources
// create, as the statements name them ("public.timeline").
func createdViews(srcs []*Source) map[string]bool {
	views := map[string]bool{}
	for _, src := range srcs {
		for _, m := range createView.FindAllStringSubmatch(src.SQL, -1) {
			schema, name, ok := strings.Cut(m[1], ".")
			if !ok {
				schema, name = "", schema
			}
			unquote := func(s string) string {
				if strings.HasPrefix(s, `"`) {
					return strings.Trim(s, `"`)
				}
				return strings.ToLower(s)
			}
			if schema != "" {
				schema = unquote(schema)
			}
			views[QualifiedName(schema, unquote(name))] = true
		}
	}
	return views
}

// migrationTool returns the migration tool whose markers the .sql files
// of one directory carry, or "".
func migrationTool(paths []string) string {
	var files []File
	for _, p := range paths {
		content, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		files = append(files, File{Path: p, Content: content})
	}
	for _, tool := range migrationDirs(files) {
		if tool != "" {
			return tool
		}
	}
	return ""
}

// enclosingRepository returns the nearest directory above root that holds
// .git or go.work, or "" when root holds one itself or none does. Without
// either (a copy of the repository without its version control, an
// archive), the module path tells: a module in a subdirectory of a
// repository is named by the repository's path and that subdirectory (see
// pathRepository).
func enclosingRepository(root string) string {
	repo, _ := repositoryOf(root)
	return repo
}

// How the repository around a module was found.
const (
	RepositoryMarked       = "marked by .git or go.work"
	RepositoryByModulePath = "named by the module path"
)

// repositoryOf returns the repository around the module at root (see
// enclosingRepository) and how it was found: RepositoryMarked or RepositoryByModulePath.
func repositoryOf(root string) (string, string) {
	marks := func(dir string) bool {
		for _, name := range []string{".git", "go.work"} {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				return true
			}
		}
		return false
	}
	if root == "" || marks(root) {
		return "", ""
	}
	for d := root; ; {
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		if marks(parent) {
			return parent, RepositoryMarked
		}
		d = parent
	}
	if repo := pathRepository(root); repo != "" {
		return repo, RepositoryByModulePath
	}
	return "", ""
}

// pathRepository returns the directory of the repository that the module
// path of root's go.mod places the module in, or "". The go command names
// a module in a subdirectory of a repository by the repository's path and
// the subdirectory (github.com/acme/shop/worker is the worker directory of
// github.com/acme/shop, whatever the checkout's directory is called), with
// a major version suffix (/v2) that may have no directory of its own. Only
// hosts whose repository paths have a fixed length (host/owner/name) are
// read, and the subdirectory must be root's own path tail: a module path
// that does not match where the module sits says nothing.
func pathRepository(root string) string {
	content, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return ""
	}
	elems := strings.Split(modfile.ModulePath(content), "/")
	if len(elems) < 4 || !fixedRepositoryHosts[elems[0]] {
		return ""
	}
	sub := elems[3:]
	if last := sub[len(sub)-1]; majorSuffix.MatchString(last) && filepath.Base(root) != last {
		sub = sub[:len(sub)-1]
	}
	dir := root
	for i := len(sub) - 1; i >= 0; i-- {
		if filepath.Base(dir) != sub[i] {
			return ""
		}
		dir = filepath.Dir(dir)
	}
	if dir == root || dir == filepath.Dir(dir) {
		return ""
	}
	return dir
}

// fixedRepositoryHosts are the code hosts whose repository paths are
// host/owner/name, as the go command resolves them (GitLab's are not: a
// group may hold subgroups).
var fixedRepositoryHosts = map[string]bool{"github.com": true, "bitbucket.org": true}

var majorSuffix = regexp.MustCompile(`^v[0-9]+$`)
