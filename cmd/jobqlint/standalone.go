package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"golang.org/x/tools/go/analysis/checker"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// Exit codes of the standalone mode.
const (
	exitClean    = 0
	exitError    = 1 // the packages could not be loaded or analyzed
	exitUsage    = 2
	exitFindings = 3
)

type options struct {
	format  string
	json    bool
	fix     bool
	tests   bool
	dir     string
	explain bool
}

// standalone runs jobqlint on package patterns and prints its findings.
func standalone(args []string, stdout, stderr io.Writer) int {
	opts, patterns, err := parseFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitUsage
	}
	if opts.explain {
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
	if err := checkSchemaPaths(); err != nil {
		fmt.Fprintf(stderr, "jobqlint: %v\n", err)
		return exitUsage
	}
	pkgs, err := load(patterns, opts.tests)
	if err != nil {
		fmt.Fprintf(stderr, "jobqlint: %v\n", err)
		return exitError
	}
	graph, err := checker.Analyze(analyzers.All, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "jobqlint: %v\n", err)
		return exitError
	}
	findings, errs := collect(graph)
	for _, e := range errs {
		fmt.Fprintf(stderr, "jobqlint: %v\n", e)
	}
	if len(errs) > 0 {
		return exitError
	}
	if opts.fix {
		return applyAndReport(findings, write, stdout, stderr)
	}
	if err := write(stdout, findings); err != nil {
		fmt.Fprintf(stderr, "jobqlint: %v\n", err)
		return exitError
	}
	if len(findings) > 0 {
		return exitFindings
	}
	return exitClean
}

func parseFlags(args []string, stderr io.Writer) (options, []string, error) {
	var opts options
	fs := flag.NewFlagSet("jobqlint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&opts.format, "format", "text", "output `format`: "+formatNames())
	fs.BoolVar(&opts.json, "json", false, "print findings as JSON (the same as -format json)")
	fs.BoolVar(&opts.explain, "explain", false, "explain the rules named as arguments, or list every rule")
	fs.BoolVar(&opts.fix, "fix", false, "apply the suggested fixes (in .go and .sql files) and report what is left")
	fs.BoolVar(&opts.tests, "test", true, "also analyze test packages")
	fs.StringVar(&opts.dir, "C", "", "change to `dir` before doing anything else")
	queuemodel.RegisterFlags(fs)
	for _, a := range analyzers.All {
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: jobqlint [flags] packages...\n       jobqlint -explain [rule...]\n       go vet -vettool=$(which jobqlint) [flags] packages...\n\nflags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return opts, nil, err
	}
	if opts.json {
		if opts.format != "text" && opts.format != "json" {
			fmt.Fprintf(stderr, "jobqlint: -json and -format %s disagree\n", opts.format)
			return opts, nil, errors.New("-json with -format")
		}
		opts.format = "json"
	}
	if fs.NArg() == 0 && !opts.explain {
		fs.Usage()
		return opts, nil, errors.New("no packages")
	}
	return opts, fs.Args(), nil
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
