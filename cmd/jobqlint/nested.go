package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
)

// Go's ./... stops at a directory that holds a go.mod of its own, in a
// go.work workspace too: run from a workspace's root, ./... matches the
// root module's packages only, and the modules the workspace uses below it
// are named by their own patterns (./apps/api/...). A run that checked the
// root module alone would say nothing about the rest, so the standalone
// run names the workspace's modules its patterns left out.

// workspaceNotice prints, on stderr, the modules of the go.work in effect
// that lie below a directory pattern (./..., dir/...) and that no pattern
// reaches.
func workspaceNotice(patterns []string, stderr io.Writer) {
	left := unreachedWorkspaceModules(patterns, goWorkFile())
	if len(left) == 0 {
		return
	}
	shown, more := left, ""
	if len(shown) > 5 {
		shown, more = shown[:5], fmt.Sprintf(" and %d more", len(left)-5)
	}
	fmt.Fprintf(stderr, "jobqlint: notice: modules of go.work not checked (a ./... pattern stops at a go.mod): %s%s; check them with the rest: jobqlint -work %s\n",
		strings.Join(shown, ", "), more, strings.Join(patterns, " "))
}

// withWorkspaceModules adds to the patterns one dir/... pattern for each
// module of the go.work in effect that lies below a directory pattern's
// directory and that no pattern reaches (-work): a workspace of several
// modules (eval22 labkit: the claim in packages/go/jobs, the SQL in
// packages/go/db, the loop in apps/worker) is read in one run, as one
// program, each module's facts reaching the others.
func withWorkspaceModules(patterns []string) []string {
	out := slices.Clone(patterns)
	for _, dir := range unreachedWorkspaceModules(patterns, goWorkFile()) {
		if !strings.HasPrefix(dir, "../") {
			dir = "./" + dir
		}
		out = append(out, dir+"/...")
	}
	return out
}

// goWorkFile returns the go.work file the go command uses here, or ""
// (GOWORK=off gives "off", which reads as no file).
func goWorkFile() string {
	out, err := exec.Command("go", "env", "GOWORK").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// unreachedWorkspaceModules returns the directories, relative to the
// working directory and sorted, of the modules the go.work file uses that
// lie below a directory pattern's directory and that no pattern names.
func unreachedWorkspaceModules(patterns []string, work string) []string {
	if work == "" {
		return nil
	}
	data, err := os.ReadFile(work)
	if err != nil {
		return nil
	}
	wf, err := modfile.ParseWork(work, data, nil)
	if err != nil {
		return nil
	}
	var bases []string
	for _, p := range patterns {
		if base, ok := strings.CutSuffix(p, "/..."); ok && (base == "." || strings.HasPrefix(base, "./") || strings.HasPrefix(base, "../")) {
			if abs, err := filepath.Abs(base); err == nil {
				bases = append(bases, abs)
			}
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil
	}
	var out []string
	for _, u := range wf.Use {
		dir := u.Path
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(filepath.Dir(work), dir)
		}
		dir = filepath.Clean(dir)
		below, reached := false, false
		for _, b := range bases {
			below = below || inside(dir, b)
			reached = reached || inside(b, dir)
		}
		if below && !reached {
			if rel, err := filepath.Rel(wd, dir); err == nil {
				out = append(out, filepath.ToSlash(rel))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// inside reports whether path is dir or lies below it.
func inside(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}
