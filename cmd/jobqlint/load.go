package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
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
// It checks every package that builds, and, unlike go vet, every package
// whose code is typed where it has errors or imports a package that has
// (a type error in one function, a //go:embed pattern that matches nothing,
// an import that does not resolve): the functions whose code is not typed
// are left out of it (see salvage). A package none of whose code can be
// read (a file that does not parse, a declaration outside a function that
// is not typed) is left out, and what was left out, and why, is returned in
// failed with the errors. A package whose test variant cannot be read is
// still checked without its tests. err is for what leaves nothing to
// check.
func load(patterns []string, tests bool) (pkgs []*packages.Package, failed *loadFailure, err error) {
	pkgs, failed, err = loadSource(patterns, tests)
	if err != nil {
		return nil, nil, err
	}
	if missing := moduleImportsWithoutSource(pkgs); len(missing) > 0 {
		ids := map[string]bool{}
		for _, p := range pkgs {
			ids[p.ID] = true
		}
		all, allFailed, err := loadSource(append(append([]string(nil), patterns...), missing...), tests)
		if err != nil {
			return nil, nil, err
		}
		pkgs = pkgs[:0]
		for _, p := range all {
			if ids[p.ID] {
				pkgs = append(pkgs, p)
			}
		}
		failed = allFailed
	}
	if len(pkgs) == 0 && failed.empty() {
		if err := goListFailure(patterns); err != nil {
			return nil, nil, err
		}
		return nil, nil, fmt.Errorf("%w match %s", errNoPackages, strings.Join(patterns, " "))
	}
	return pkgs, failed, nil
}

// goListFailure asks go list why the patterns gave no package. go/packages
// returns no package and no error when go list fails on the module as a
// whole ("go: updates to go.mod needed"), so without this the user would
// read that the patterns match nothing.
func goListFailure(patterns []string) error {
	cmd := exec.Command("go", append([]string{"list", "-find", "-f", "{{.ImportPath}}"}, patterns...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return fmt.Errorf("go list %s failed:\n%s", strings.Join(patterns, " "), msg)
		}
	}
	return nil
}

// errNoPackages: the patterns matched no package, a usage error.
var errNoPackages = errors.New("no packages")

// A loadFailure is what a load left out and why.
type loadFailure struct {
	// errors are the load errors, each once (a package and its test
	// variant share most) and positioned, under a "# package" line
	// naming the package that has them first, as go build and go vet
	// show them.
	errors []string
	count  int // the number of errors
	// importers are the package paths left out only because they import
	// a package of the module that has errors.
	importers []string
	// withoutTests are the package paths checked without their tests:
	// their test variant has errors or imports a package that has.
	withoutTests []string
	// partial are the package paths checked though they have errors or
	// import a package that has, and left, for each, the number of its
	// functions left out as their code is not typed (the most of its
	// variants).
	partial []string
	left    map[string]int
	// notChecked are the package paths that have errors and were not
	// checked (see salvage).
	notChecked []string
}

// salvage records a package checked in spite of errors, without left of
// its functions.
func (f *loadFailure) salvage(p *packages.Package, left int) {
	path := p.PkgPath
	if p.ForTest != "" {
		path = p.ForTest
	}
	if f.left == nil {
		f.left = map[string]int{}
	}
	n, seen := f.left[path]
	if !seen {
		f.partial = append(f.partial, path)
	}
	f.left[path] = max(n, left)
}

func (f *loadFailure) empty() bool { return f == nil || f.count == 0 && len(f.importers) == 0 }

// print writes the errors, then what was left out because of them.
func (f *loadFailure) print(w io.Writer) {
	if f.empty() {
		return
	}
	for _, l := range f.errors {
		fmt.Fprintln(w, l)
	}
	if len(f.partial) > 0 {
		var list []string
		for _, path := range f.partial {
			switch n := f.left[path]; n {
			case 0:
				list = append(list, path)
			case 1:
				list = append(list, path+" (1 function left out)")
			default:
				list = append(list, fmt.Sprintf("%s (%d functions left out)", path, n))
			}
		}
		fmt.Fprintf(w, "jobqlint: %d error(s) above; checked all the same, without the functions whose code they leave untyped: %s\n", f.count, strings.Join(list, ", "))
		if len(f.notChecked) > 0 {
			fmt.Fprintf(w, "jobqlint: not checked, as errors leave their declarations untyped or their files unparsed: %s\n", strings.Join(f.notChecked, ", "))
		}
	} else if f.count > 0 {
		fmt.Fprintf(w, "jobqlint: %d error(s) above: the packages that have them were not checked\n", f.count)
	}
	if len(f.importers) > 0 {
		fmt.Fprintf(w, "jobqlint: not checked either, as they import a package that has errors: %s\n", strings.Join(f.importers, ", "))
	}
	if len(f.withoutTests) > 0 {
		fmt.Fprintf(w, "jobqlint: checked without their tests, which have errors or import a package that has: %s\n", strings.Join(f.withoutTests, ", "))
	}
}

// loadSource loads the packages the patterns match from source, and their
// dependencies from export data. It returns the packages that built and
// what was left out (see load).
func loadSource(patterns []string, tests bool) ([]*packages.Package, *loadFailure, error) {
	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule | packages.NeedForTest, Tests: tests}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, err
	}
	var (
		failed  = &loadFailure{}
		seen    = map[string]bool{}
		msgs    []string
		listing = true // every error is go list's, about a pattern
		bad     = map[*packages.Package]bool{}
		// salvaged: the packages checked in spite of errors, with the
		// number of functions left out of each
		salvaged = map[*packages.Package]int{}
	)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		header := false
		own := packageErrors(p)
		for _, e := range own {
			if e.Kind != packages.ListError || len(p.GoFiles)+len(p.CompiledGoFiles) > 0 {
				listing = false
			}
			msg := errorMessage(e)
			if seen[msg] {
				continue
			}
			seen[msg] = true
			if !header {
				header = true
				failed.errors = append(failed.errors, "# "+p.ID)
			}
			failed.errors = append(failed.errors, msg)
			msgs = append(msgs, msg)
			failed.count += errorCount(msg)
		}
		if !p.IllTyped && len(own) == 0 {
			return
		}
		// A package with errors, or built on one that has, is checked
		// where its code is typed (see salvage); the rest of it, and a
		// package none of whose code can be read, is not.
		if left, ok := salvage(p); ok {
			if len(own) > 0 || left > 0 {
				salvaged[p] = left
			}
			return
		}
		bad[p] = true
		typesOnly(p)
	})
	if failed.count > 0 && listing {
		return nil, nil, fmt.Errorf("%w: %w", errNoPackages, errors.New(strings.Join(msgs, "\n")))
	}
	var built []*packages.Package
	for _, p := range pkgs {
		if !bad[p] && !testMain(p) {
			built = append(built, p)
		}
	}
	for _, p := range pkgs {
		if left, ok := salvaged[p]; ok && !testMain(p) {
			failed.salvage(p, left)
		}
	}
	failed.importers, failed.withoutTests, failed.notChecked = leftOut(pkgs, bad)
	return built, failed, nil
}

// leftOut sorts the packages the patterns matched that did not build: the
// package paths none of whose variants was checked only because they
// import a package that has errors, and the ones checked without their
// tests.
func leftOut(pkgs []*packages.Package, bad map[*packages.Package]bool) (importers, withoutTests, notChecked []string) {
	type variants struct {
		plain, plainBad, plainErrors bool // the package itself
		testBad, testErrors          bool // its test variant, and its external test package
	}
	var order []string
	byPath := map[string]*variants{}
	for _, p := range pkgs {
		if testMain(p) {
			continue
		}
		path := p.PkgPath
		if p.ForTest != "" {
			path = p.ForTest
		}
		v := byPath[path]
		if v == nil {
			v = &variants{}
			byPath[path] = v
			order = append(order, path)
		}
		own := len(p.Errors) > 0
		if p.ForTest == "" {
			v.plain, v.plainBad, v.plainErrors = true, bad[p], own
		} else {
			v.testBad = v.testBad || bad[p]
			v.testErrors = v.testErrors || own
		}
	}
	for _, path := range order {
		v := byPath[path]
		switch {
		case v.plain && !v.plainBad && v.testBad:
			withoutTests = append(withoutTests, path)
		case v.plain && v.plainBad && !v.plainErrors, !v.plain && v.testBad && !v.testErrors:
			importers = append(importers, path)
		case v.plain && v.plainBad, !v.plain && v.testBad:
			notChecked = append(notChecked, path)
		}
	}
	return importers, withoutTests, notChecked
}

// packageErrors returns a package's load errors, each once: when go list
// built the package's export data, the compiler's output ("# pkg" then
// its errors) repeats the type checker's errors in its own words and
// columns, and is left out when the type checker's are there.
func packageErrors(p *packages.Package) []packages.Error {
	checked := false
	for _, e := range p.Errors {
		if e.Kind == packages.TypeError || e.Kind == packages.ParseError {
			checked = true
		}
	}
	var out []packages.Error
	for _, e := range p.Errors {
		if checked && e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") {
			continue
		}
		out = append(out, e)
	}
	return out
}

// testMain reports whether a package is the command go test generates to
// run a package's tests (ID "path.test", its one file in the build cache).
// It is not the module's code, and go vet does not check it either.
func testMain(p *packages.Package) bool {
	return p.Name == "main" && strings.HasSuffix(p.ID, ".test")
}

// errorMessage returns a load error's message, "file:line:col: message"
// where it has a position. The compiler's output when go list builds a
// package's export data comes as one message ("# pkg" then its errors);
// its positions are made relative like the others.
func errorMessage(e packages.Error) string {
	if e.Pos != "" && e.Pos != "-" { // go list's pattern errors sit at "-"
		return relPos(e.Pos) + ": " + e.Msg
	}
	if !strings.HasPrefix(e.Msg, "# ") {
		return e.Msg
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
	return strings.Join(out, "\n")
}

// errorCount is the number of errors in a message: its lines that are
// not indented (go/types and the compiler indent the "have"/"want" lines
// under their error).
func errorCount(msg string) int {
	n := 0
	for _, l := range strings.Split(msg, "\n") {
		if l != "" && l[0] != '\t' && l[0] != ' ' {
			n++
		}
	}
	return n
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
