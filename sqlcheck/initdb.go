package sqlcheck

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// The postgres image runs the .sql files of /docker-entrypoint-initdb.d
// (not its subdirectories) once, when it creates a new database on an
// empty data directory, and never on a database that exists. A directory
// of the module mounted there by a compose file (./initdb:/docker-
// entrypoint-initdb.d) or copied there by a Dockerfile (COPY initdb/
// /docker-entrypoint-initdb.d/) is the schema of a new database: its
// statements wait for no lock a worker holds.

var (
	initdbVolume = regexp.MustCompile(`([^\s"'\[\],]+):/docker-entrypoint-initdb\.d(?:[/:\s"',\]]|$)`)
	initdbCopy   = regexp.MustCompile(`(?i)^\s*(?:COPY|ADD)\s+(.+?)\s+/docker-entrypoint-initdb\.d/?(?:\S*)\s*$`)
)

// initdbPaths returns the directories and .sql files that the module's
// compose files and Dockerfiles put in /docker-entrypoint-initdb.d, as
// runner paths with Init set (a file's path in Dir, its name ending in
// .sql).
func initdbPaths(root string) []RunnerPath {
	var out []RunnerPath
	for _, p := range moduleFiles(root, isRunnerFile) {
		content, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(content), "/docker-entrypoint-initdb.d") {
			continue
		}
		for i, line := range strings.Split(string(content), "\n") {
			var named []string
			if m := initdbCopy.FindStringSubmatch(line); m != nil {
				for _, f := range strings.Fields(m[1]) {
					if !strings.HasPrefix(f, "--") {
						named = append(named, f)
					}
				}
			} else {
				for _, m := range initdbVolume.FindAllStringSubmatch(line, -1) {
					named = append(named, strings.TrimPrefix(m[1], "-"))
				}
			}
			for _, n := range named {
				if strings.ContainsAny(path.Base(n), "*?[") {
					n = path.Dir(n) // COPY db/*.sql /docker-entrypoint-initdb.d/
				}
				if dir := cleanRunnerDir(n); dir != "" {
					out = append(out, RunnerPath{Dir: dir, Init: true, From: fmt.Sprintf("%s:%d", p, i+1)})
				}
			}
		}
	}
	return out
}

// InitOnly reports whether a .sql file of the module runs only when a new
// database is created: a runner path puts it (or its directory) in
// /docker-entrypoint-initdb.d, and no migration runner names its
// directory.
func (m *ModuleFiles) InitOnly(file string) bool {
	if m.Root == "" {
		return false
	}
	rel, err := filepath.Rel(m.Root, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return false
	}
	rel = filepath.ToSlash(rel)
	dir := path.Dir(rel)
	init := false
	for _, r := range m.Runners {
		switch {
		case !r.Init && r.names(dir):
			return false
		case r.Init && strings.HasSuffix(strings.ToLower(r.Dir), ".sql"):
			init = init || r.names(rel)
		case r.Init:
			init = init || r.names(dir)
		}
	}
	return init
}
