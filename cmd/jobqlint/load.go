package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/tools/go/packages"
)

// load loads the packages to analyze the way go vet sees them: the
// packages of the main module (and of a go.work's modules) from source,
// every other package, the standard library and required modules, from the
// compiler's export data. jobqlint reads only the module's own code (see
// queuemodel's dependencyCode), so a dependency needs its types, not its
// syntax: loading every dependency from source held about five times the
// memory for nothing.
//
// The packages returned are the ones the patterns match. When one of them
// imports a package of the main module that the patterns do not match
// (jobqlint ./cmd/worker), that package is loaded from source too, for the
// facts its analysis gives the importer, and is not reported on.
//
// Like go vet, it checks every package that builds: a package that does
// not (a type error, an import that does not resolve, or one of the
// module's packages it imports that does not) is left out, and its errors
// are returned in broken, each once (a package and its test variant share
// most) and positioned. err is for what leaves nothing to check.
func load(patterns []string, tests bool) (pkgs []*packages.Package, broken []string, err error) {
	pkgs, broken, err = loadSource(patterns, tests)
	if err != nil {
		return nil, nil, err
	}
	if missing := moduleImportsWithoutSource(pkgs); len(missing) > 0 {
		ids := map[string]bool{}
		for _, p := range pkgs {
			ids[p.ID] = true
		}
		all, allBroken, err := loadSource(append(append([]string(nil), patterns...), missing...), tests)
		if err != nil {
			return nil, nil, err
		}
		pkgs = pkgs[:0]
		for _, p := range all {
			if ids[p.ID] {
				pkgs = append(pkgs, p)
			}
		}
		broken = allBroken
	}
	if len(pkgs) == 0 && len(broken) == 0 {
		return nil, nil, fmt.Errorf("%w match %s", errNoPackages, strings.Join(patterns, " "))
	}
	return pkgs, broken, nil
}

// errNoPackages: the patterns matched no package, a usage error.
var errNoPackages = errors.New("no packages")

// loadSource loads the packages the patterns match from source, and their
// dependencies from export data. It returns the packages that built and the
// errors of those that did not (see load).
func loadSource(patterns []string, tests bool) ([]*packages.Package, []string, error) {
	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Tests: tests}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, err
	}
	var (
		msgs    []string
		seen    = map[string]bool{}
		listing = true // every error is go list's, about a pattern
		bad     = map[*packages.Package]bool{}
	)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, dep := range p.Imports {
			if bad[dep] && dep.Module != nil && dep.Module.Main {
				bad[p] = true // built on a package of the module that did not build
			}
		}
		for _, e := range p.Errors {
			bad[p] = true
			for _, msg := range errorLines(e) {
				if !seen[msg] {
					seen[msg] = true
					msgs = append(msgs, msg)
				}
			}
			if e.Kind != packages.ListError || len(p.GoFiles)+len(p.CompiledGoFiles) > 0 {
				listing = false
			}
		}
	})
	if len(msgs) > 0 && listing {
		return nil, nil, fmt.Errorf("%w: %w", errNoPackages, errors.New(strings.Join(msgs, "\n")))
	}
	var built []*packages.Package
	for _, p := range pkgs {
		if !bad[p] && !testMain(p) {
			built = append(built, p)
		}
	}
	return built, msgs, nil
}

// testMain reports whether a package is the command go test generates to
// run a package's tests (ID "path.test", its one file in the build cache).
// It is not the module's code, and go vet does not check it either.
func testMain(p *packages.Package) bool {
	return p.Name == "main" && strings.HasSuffix(p.ID, ".test")
}

// errorLines returns a load error's messages, "file:line:col: message"
// where it has a position. The compiler's output when go list builds a
// package's export data comes as one message ("# pkg" then a line an
// error), the same errors the type checker gives with their positions:
// it is split into its lines so that each error is shown once.
func errorLines(e packages.Error) []string {
	if e.Pos != "" && e.Pos != "-" { // go list's pattern errors sit at "-"
		return []string{relPos(e.Pos) + ": " + e.Msg}
	}
	if !strings.HasPrefix(e.Msg, "# ") {
		return []string{e.Msg}
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(e.Msg), "\n") {
		if l == "" || strings.HasPrefix(l, "# ") {
			continue
		}
		if m := positioned.FindStringSubmatch(l); m != nil {
			l = relPos(m[1]) + ": " + m[2]
		}
		out = append(out, l)
	}
	return out
}

var positioned = regexp.MustCompile(`^(\S+?:\d+(?::\d+)?): (.*)$`)

// relPos shows a "file:line:col" position with the file relative to the
// working directory.
func relPos(pos string) string {
	file, rest := pos, ""
	for range 2 { // line and column, when there are
		i := strings.LastIndexByte(file, ':')
		if i < 0 || strings.Trim(file[i+1:], "0123456789") != "" || i == len(file)-1 {
			break
		}
		file, rest = file[:i], file[i:]+rest
	}
	if !filepath.IsAbs(file) {
		return filepath.Clean(file) + rest // the compiler's "./x.go"
	}
	return relPath(file) + rest
}

// moduleImportsWithoutSource returns the import paths of the main module's
// packages that the loaded packages import and that were loaded from
// export data.
func moduleImportsWithoutSource(pkgs []*packages.Package) []string {
	var missing []string
	seen := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Syntax == nil && p.Module != nil && p.Module.Main && !seen[p.PkgPath] {
			seen[p.PkgPath] = true
			missing = append(missing, p.PkgPath)
		}
	})
	return missing
}
