// Command jobqlint checks Go job-queue code on PostgreSQL, and the schema
// under it, for the defects a strong reviewer blocks a queue pull request
// for.
//
// It runs in two modes with the same analyzers and the same findings:
//
//	go vet -vettool=$(which jobqlint) ./...   # as go vet's analysis tool
//	jobqlint [flags] ./...                    # standalone
//	jobqlint vet [go vet flags] ./...         # go vet -vettool=this binary
//
// Standalone flags: -format text|json|sarif|github|rdjsonl (-json is
// -format json), -fix (apply suggested fixes; schema fixes go into a new
// migration), -schema (migration paths instead of discovery, relative to
// the module root), -C dir (run in dir), -test (include test packages,
// default true), -config file (instead of .jobqlint.json at the module
// root), -baseline file (report only findings not in an earlier -format
// json output), -update-baseline (write the findings to that baseline
// instead of printing them), -fail-on critical|major|minor, -version, -explain
// [RULE...] (explain rules, or list them), -path-base dir (the base of
// the paths of json, sarif, github and rdjsonl output; default the git
// work tree's root, else the current directory), -model (print the queue model
// the rules read instead of findings: text, or JSON with -format json; see
// modelview.go), and as under go vet -RULE
// (-claimrace=false turns a rule off) and each analyzer's own flags as
// -NAME.flag.
//
// Exit codes, standalone: see exitcodes.go (jobqlint -help lists them).
// Under go vet, go vet sets the exit code (1 when there are findings).
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
)

func main() {
	if vetMode(os.Args[1:]) {
		vetGC()
		// go vet asks for -V=full and -flags, then runs the tool once per
		// package with a .cfg file; unitchecker answers all three.
		// go vet's text output shows positions and messages, not analyzer
		// names: the messages name their rule.
		rule.PrefixMessages = true
		// go vet shows the tool's stderr for a package it checks, but not
		// for -flags or -V=full ("-flags failed: exit status 1"): a bad
		// configuration fails the package runs, where its message is seen.
		if err := applyVetConfig(os.Args[1:]); err != nil && unitRun(os.Args[1:]) {
			fmt.Fprintf(os.Stderr, "jobqlint: %v\n", err)
			os.Exit(1)
		}
		queuemodel.RegisterFlags(flag.CommandLine)
		flag.Var(versionFlag{}, "V", "print version and exit")
		unitchecker.Main(analyzers.All...)
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "vet" {
		os.Exit(vetCommand(os.Args[2:], os.Stdout, os.Stderr))
	}
	stop := startProfile()
	code := standalone(os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// vetGC lets each go vet process collect garbage less often than Go's
// default (GOGC=400 rather than 100), unless GOGC is set: a process checks
// one package and exits, so its heap stays small (on hatchet the largest
// grew from about 210 to 240 MB), while a profile of go vet -vettool on
// hatchet put 14 % of jobqlint's CPU time in the collector (docs/speed.md).
func vetGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}

// vetMode reports whether go vet (or another build tool speaking its
// protocol) is invoking the tool.
func vetMode(args []string) bool {
	for _, a := range args {
		switch {
		case a == "-V=full", a == "-flags", a == "--flags":
			return true
		}
	}
	return unitRun(args)
}

// unitRun reports whether go vet runs the tool on one package (its last
// argument is the package's .cfg file).
func unitRun(args []string) bool {
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}
