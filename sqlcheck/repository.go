package sqlcheck

import (
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
//     in a root module is inside the root's tree);
//   - a migration directory is one a migration tool's files mark (see
//     migrationDirs), or one named migrations holding .sql files, not
//     under a directory named for another database;
//   - only one is read: with two or more nothing says which database the
//     module uses, and all are set aside (-schema names the right one).

// repositoryMigrations returns the files of the one migration directory
// of root's enclosing repository that no Go module holds, or, when there
// are several, no files and each directory as a use set aside. It also
// returns the repository and how it was found (see repositoryOf).
func repositoryMigrations(root string) (files []string, aside []SourceUse, repo, by string) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, nil, "", ""
	}
	repo, by = repositoryOf(root)
	if repo == "" || isModule(repo) {
		return nil, nil, "", ""
	}
	byDir := map[string][]string{}
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
		if d.Type().IsRegular() && strings.HasSuffix(d.Name(), ".sql") && isSchemaFile(d.Name()) {
			byDir[filepath.Dir(path)] = append(byDir[filepath.Dir(path)], path)
		}
		return nil
	})
	var dirs []string
	for dir, paths := range byDir {
		if otherEngine(repo, dir) != "" {
			continue
		}
		if filepath.Base(dir) == "migrations" || migrationTool(paths) != "" {
			dirs = append(dirs, dir)
		}
	}
	switch len(dirs) {
	case 0:
		return nil, nil, repo, by
	case 1:
		files := byDir[dirs[0]]
		sort.SliceStable(files, func(i, j int) bool { return naturalLess(files[i], files[j]) })
		return files, nil, repo, by
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
	return nil, aside, repo, by
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
