package main

import (
	"errors"
	"flag"
	"fmt"
	"go/types"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/internal/config"
	"github.com/jobqlint/jobqlint/internal/passgate"
)

// Exit codes of the standalone mode (exitcodes.go says what each means).
const (
	exitClean      = 0
	exitError      = 1
	exitUsage      = 2
	exitFindings   = 3
	exitIncomplete = 4
)

type options struct {
	format   string
	json     bool
	fix      bool
	tests    bool
	work     bool
	dir      string
	explain  bool
	version  bool
	model    bool
	config   string
	baseline string
	pathBase string
	// updateBaseline writes the findings to the baseline instead of
	// printing them.
	updateBaseline bool
	failOn         string
	verify         bool
	dsn            string
	// enable holds the -RULE flags given, as go vet's: any -RULE=true runs
	// only the rules named so; -RULE=false turns one off.
	enable map[string]*bool
	set    map[string]bool // the flags given on the command line
	fs     *flag.FlagSet
}

// errUsage is a usage error already explained on stderr.
var errUsage = errors.New("usage")

// standalone runs jobqlint on package patterns and prints its findings.
func standalone(args []string, stdout, stderr io.Writer) int {
	leanHeap()
	opts, patterns, err := parseFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitUsage
	}
	switch {
	case opts.version:
		fmt.Fprintf(stdout, "jobqlint %s\n", versionString())
		return exitClean
	case opts.explain:
		return explain(patterns, stdout, stderr)
	}
	write, ok := writers[opts.format]
	if !ok {
		fmt.Fprintf(stderr, "jobqlint: -format %s: unknown format (want one of %s)\n", opts.format, formatNames())
		return exitUsage
	}
	if opts.dir != "" {
		if err := os.Chdir(opts.dir); err != nil {
			fmt.Fprintf(stderr, "jobqlint: -C: %v\n", err)
			return exitUsage
		}
	}
	if opts.pathBase != "" {
		abs, err := filepath.Abs(opts.pathBase)
		if err == nil {
			_, err = os.Stat(abs)
		}
		if err != nil {
			fmt.Fprintf(stderr, "jobqlint: -path-base: %v\n", err)
			return exitUsage
		}
		pathBase = abs
	}
	if err := applyConfig(&opts); err != nil {
		fmt.Fprintf(stderr, "jobqlint: %v\n", err)
		return exitUsage
	}
	if err := checkSchemaPaths(); err != nil {
		fmt.Fprintf(stderr, "jobqlint: %v\n", err)
		return exitUsage
	}
	if opts.updateBaseline && opts.baseline == "" {
		fmt.Fprintf(stderr, "jobqlint: -update-baseline: no baseline named: give -baseline FILE or \"baseline\" in %s\n", config.FileName)
		return exitUsage
	}
	var base *baseline
	if opts.baseline != "" && !opts.updateBaseline {
		if base, err = readBaseline(opts.baseline); err != nil {
			hint := ""
			if errors.Is(err, fs.ErrNotExist) {
				hint = " (write it with jobqlint -update-baseline)"
			}
			fmt.Fprintf(stderr, "jobqlint: -baseline: %v%s\n", err, hint)
			return exitUsage
		}
	}
	if opts.work {
		patterns = withWorkspaceModules(patterns)
	}
	pkgs, broken, err := load(patterns, opts.tests)
	workspaceNotice(patterns, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "jobqlint: %v\n", err)
		if errors.Is(err, errNoPackages) {
			return exitUsage
		}
		return exitError
	}
	// A package that does not build is reported and left out; the others
	// are checked, and the exit code says the check was not complete.
	broken.print(stderr)
	incomplete := exitClean
	switch {
	case broken.empty():
	case len(pkgs) == 0:
		incomplete = exitError // nothing was checked
	default:
		incomplete = exitIncomplete
	}
	if opts.model {
		code := printModel(pkgs, opts.format, stdout, stderr)
		if incomplete != exitClean && code == exitClean {
			return incomplete // the model of the packages that built, but not of all
		}
		return code
	}
	queuemodel.NoteUnschemed = true
	roots := selected(opts)
	if opts.verify {
		// The model is kept only for root analyzers: -verify reads it.
		roots = append(roots, queuemodel.Analyzer)
	}
	// Each package's SSA is freed once its rules are done: the checker
	// keeps every result until the run ends.
	checked := map[*types.Package]bool{}
	for _, p := range pkgs {
		checked[p.Types] = true
	}
	release := queuemodel.Releaser(roots, func(p *types.Package) bool { return checked[p] })
	// The checker would start every package's passes at once; the gate
	// runs them a processor's worth at a time, package by package in the
	// order of the imports, so few packages' SSA is alive at once.
	gated := passgate.New(slices.Concat(roots, release), passgate.Ranks(pkgs), runtime.GOMAXPROCS(0))
	graph, err := checker.Analyze(gated.Roots, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "jobqlint: %v\n", err)
		return exitError
	}
	schemaNotice(roots, stderr)
	findings, errs := collect(graph, gated.Original)
	for _, e := range errs {
		fmt.Fprintf(stderr, "jobqlint: %v\n", e)
	}
	if len(errs) > 0 {
		return exitError
	}
	fingerprints(findings, repoRoot())
	if opts.updateBaseline {
		if incomplete != exitClean {
			// Its entries for the packages left out would be dropped as stale.
			fmt.Fprintf(stderr, "jobqlint: -update-baseline: %s not updated: not every package was checked\n", relPath(opts.baseline))
			return exitError
		}
		ran := map[string]bool{}
		for _, a := range roots {
			ran[a.Name] = true
		}
		if err := updateBaseline(opts.baseline, findings, ran, stderr); err != nil {
			fmt.Fprintf(stderr, "jobqlint: -update-baseline: %v\n", err)
			return exitError
		}
		return exitClean
	}
	if base != nil {
		findings = base.filter(findings, stderr)
	}
	if opts.verify {
		if findings, err = verifyFindings(findings, opts.dsn, stderr); err != nil {
			fmt.Fprintf(stderr, "jobqlint: %v\n", err)
			return exitError
		}
	}
	if opts.fix {
		if findings, err = applyFixes(findings, stderr); err != nil {
			fmt.Fprintf(stderr, "jobqlint: -fix: %v\n", err)
			return exitError
		}
	}
	if err := write(stdout, findings); err != nil {
		fmt.Fprintf(stderr, "jobqlint: %v\n", err)
		return exitError
	}
	if incomplete != exitClean {
		return incomplete
	}
	return exitFor(findings, opts.failOn)
}

// exitFor is 3 when a finding is at or above the -fail-on severity.
func exitFor(findings []finding, failOn string) int {
	limit := slices.Index(rule.Severities, failOn)
	for _, f := range findings {
		if slices.Index(rule.Severities, f.Severity) <= limit {
			return exitFindings
		}
	}
	return exitClean
}

func parseFlags(args []string, stderr io.Writer) (options, []string, error) {
	opts := options{enable: map[string]*bool{}, set: map[string]bool{}}
	fs := flag.NewFlagSet("jobqlint", flag.ContinueOnError)
	opts.fs = fs
	fs.SetOutput(stderr)
	fs.StringVar(&opts.format, "format", "text", "output `format`: "+formatNames())
	fs.BoolVar(&opts.json, "json", false, "print findings as JSON (the same as -format json)")
	fs.BoolVar(&verbose, "v", false, "with the text format, print under each finding why it fails and how to fix it")
	fs.BoolVar(&opts.explain, "explain", false, "explain the rules named as arguments, or list every rule")
	fs.BoolVar(&opts.fix, "fix", false, "apply the suggested fixes and report what is left; schema fixes go into a new migration")
	fs.BoolVar(&opts.tests, "test", true, "also analyze test packages")
	fs.StringVar(&opts.dir, "C", "", "change to `dir` before doing anything else")
	fs.BoolVar(&opts.work, "work", false, "with a go.work, a directory pattern (./...) also matches the workspace's modules below its directory, which Go's ./... stops at")
	fs.BoolVar(&opts.version, "version", false, "print jobqlint's version and exit")
	fs.StringVar(&opts.config, "config", "", "read the configuration from `file` instead of .jobqlint.json at the module root")
	fs.StringVar(&opts.baseline, "baseline", "", "report only findings not in `file`, an earlier -format json output")
	fs.StringVar(&opts.pathBase, "path-base", "", "print the paths of -format json, sarif, github and rdjsonl relative to `dir` (default: the root of the git work tree, else the current directory; text is relative to the current directory)")
	fs.BoolVar(&opts.updateBaseline, "update-baseline", false, "write this run's findings to the baseline (-baseline, or the configuration's) instead of printing them: stale entries are dropped, entries of rules that did not run are kept")
	fs.StringVar(&opts.failOn, "fail-on", "minor", "exit 3 only for findings of this `severity` or above: critical, major or minor")
	fs.BoolVar(&opts.model, "model", false, "print the queue model instead of findings: tables, statements and their roles, and the SQL left unread with why (text or json)")
	fs.BoolVar(&opts.verify, "verify", false, "prove the claimrace, pollindex, timestamptz and lease findings on PostgreSQL with the module's own schema and statements, in a scratch database; a finding PostgreSQL refutes is withdrawn")
	fs.StringVar(&opts.dsn, "dsn", os.Getenv("DATABASE_URL"), "with -verify, the PostgreSQL server to create the scratch database on (`URL`; default $DATABASE_URL, else a throwaway PostgreSQL 15 from the initdb and pg_ctl on PATH)")
	queuemodel.RegisterFlags(fs)
	for _, a := range analyzers.All {
		on := true // each rule runs unless a flag or the configuration says otherwise
		opts.enable[a.Name] = &on
		fs.Var(enableFlag{opts.enable[a.Name]}, a.Name, "enable the "+a.Name+" rule (-"+a.Name+"=false turns it off)")
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: jobqlint [flags] packages...\n       jobqlint -explain [rule...]\n       jobqlint vet [go vet flags] packages...   (go vet -vettool=this binary; fails when jobqlint is missing)\n\nflags:\n")
		fs.PrintDefaults()
		printExitCodes(stderr)
	}
	if err := fs.Parse(args); err != nil {
		return opts, nil, err
	}
	fs.Visit(func(f *flag.Flag) { opts.set[f.Name] = true })
	if opts.json {
		if opts.format != "text" && opts.format != "json" {
			fmt.Fprintf(stderr, "jobqlint: -json and -format %s disagree\n", opts.format)
			return opts, nil, errUsage
		}
		opts.format = "json"
	}
	if !slices.Contains(rule.Severities, opts.failOn) {
		fmt.Fprintf(stderr, "jobqlint: -fail-on %s: want one of %s\n", opts.failOn, strings.Join(rule.Severities, ", "))
		return opts, nil, errUsage
	}
	if opts.model && (opts.fix || (opts.format != "text" && opts.format != "json")) {
		fmt.Fprintf(stderr, "jobqlint: -model prints text or json, and fixes nothing\n")
		return opts, nil, errUsage
	}
	if opts.verify && (opts.fix || opts.model) {
		fmt.Fprintf(stderr, "jobqlint: -verify reports evidence for findings; it does not go with -fix or -model\n")
		return opts, nil, errUsage
	}
	if opts.updateBaseline && (opts.fix || opts.model || opts.verify) {
		fmt.Fprintf(stderr, "jobqlint: -update-baseline records findings; it does not go with -fix, -model or -verify\n")
		return opts, nil, errUsage
	}
	if fs.NArg() == 0 && !opts.explain && !opts.version {
		fs.Usage()
		return opts, nil, errors.New("no packages")
	}
	return opts, fs.Args(), nil
}

// enableFlag is a -RULE flag: a bool that records that it was given.
type enableFlag struct{ v *bool }

func (f enableFlag) IsBoolFlag() bool { return true }
func (f enableFlag) String() string {
	if f.v == nil {
		return "true"
	}
	return fmt.Sprint(*f.v)
}
func (f enableFlag) Set(s string) error {
	v, err := parseBool(s)
	*f.v = v
	return err
}

func parseBool(s string) (bool, error) {
	switch strings.ToLower(s) {
	case "1", "t", "true":
		return true, nil
	case "0", "f", "false":
		return false, nil
	}
	return false, fmt.Errorf("%q is not a boolean", s)
}

// selected returns the analyzers to run: go vet's rule for -RULE flags
// (if any is true, those; else all but the ones set false), less the
// rules the configuration disables and the command line does not enable.
func selected(opts options) []*analysis.Analyzer {
	anyTrue := false
	for name, v := range opts.enable {
		if opts.set[name] && *v {
			anyTrue = true
		}
	}
	var out []*analysis.Analyzer
	for _, a := range analyzers.All {
		given, on := opts.set[a.Name], *opts.enable[a.Name]
		switch {
		case anyTrue && !(given && on):
		case given && !on:
		case !given && disabledRules[a.Name]:
		default:
			out = append(out, a)
		}
	}
	return out
}

// checkSchemaPaths fails early, with a usage error, on -schema paths that do
// not exist (relative ones are relative to the module root).
func checkSchemaPaths() error {
	if len(queuemodel.SchemaFlag) == 0 {
		return nil
	}
	root := moduleRootOf(".")
	for _, p := range queuemodel.SchemaFlag {
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		if _, err := os.Stat(p); err != nil {
			return fmt.Errorf("-schema: %w", err)
		}
	}
	return nil
}

func moduleRootOf(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	for d := abs; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return abs
		}
		d = parent
	}
}

// schemaNotice says, once per module, which queue tables the rules that
// read the schema could not check because no schema the tool found creates
// them: they skip such tables in silence.
func schemaNotice(roots []*analysis.Analyzer, stderr io.Writer) {
	var rules []string
	for _, a := range roots {
		if a.Name == "pollindex" || a.Name == "timestamptz" {
			rules = append(rules, a.Name)
		}
	}
	if len(rules) == 0 {
		return
	}
	missing := queuemodel.TablesWithoutSchema()
	for _, root := range slices.Sorted(maps.Keys(missing)) {
		fmt.Fprintf(stderr, "jobqlint: notice: no schema found for the queue table(s) %s (module %s): %s did not check them; name the migrations with -schema or \"schema\" in %s\n",
			strings.Join(missing[root], ", "), relPath(root), strings.Join(rules, " and "), config.FileName)
	}
}
