package main

import (
	"errors"
	"fmt"
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
// Like go vet, it fails on a package that does not build: it cannot be
// checked.
func load(patterns []string, tests bool) ([]*packages.Package, error) {
	pkgs, err := loadSource(patterns, tests)
	if err != nil {
		return nil, err
	}
	if missing := moduleImportsWithoutSource(pkgs); len(missing) > 0 {
		ids := map[string]bool{}
		for _, p := range pkgs {
			ids[p.ID] = true
		}
		all, err := loadSource(append(append([]string(nil), patterns...), missing...), tests)
		if err != nil {
			return nil, err
		}
		pkgs = pkgs[:0]
		for _, p := range all {
			if ids[p.ID] {
				pkgs = append(pkgs, p)
			}
		}
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	return pkgs, nil
}

// loadSource loads the packages the patterns match from source, and their
// dependencies from export data.
func loadSource(patterns []string, tests bool) ([]*packages.Package, error) {
	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Tests: tests}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var msgs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			msgs = append(msgs, e.Error())
		}
	})
	if len(msgs) > 0 {
		return nil, errors.New(strings.Join(msgs, "\n"))
	}
	return pkgs, nil
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
