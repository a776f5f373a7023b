package ruletest

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/rule"
)

// Examples runs a rule's documented examples through its analyzer: the bad
// example must be reported, the good one must not. The examples are what
// `jobqlint -explain` and docs/rules.md show, so they cannot drift from
// what the rule does.
func Examples(t *testing.T, r *rule.Rule) {
	t.Helper()
	bad := runExample(t, r, "example_bad", r.Bad)
	if len(bad) == 0 {
		t.Errorf("%s: the bad example is not reported", r.ID)
	}
	for _, d := range bad {
		t.Logf("bad example: %s", d.Message)
	}
	for _, d := range runExample(t, r, "example_good", r.Good) {
		t.Errorf("%s: the good example is reported: %s", r.ID, d.Message)
	}
}

// runExample writes an example as a package of a temporary GOPATH beside
// the pgx stubs, and returns the rule's diagnostics on it.
func runExample(t *testing.T, r *rule.Rule, pkg string, files []rule.File) []analysis.Diagnostic {
	t.Helper()
	gopath := t.TempDir()
	copyTree(t, filepath.Join(ownDir(), "testdata", "src"), filepath.Join(gopath, "src"))
	dir := filepath.Join(gopath, "src", pkg)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), []byte(f.Data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var diags []analysis.Diagnostic
	// The examples carry no `// want` comments (readers see them as they
	// are), so analysistest's complaints about unexpected diagnostics are
	// expected; the diagnostics themselves are checked by the caller.
	for _, res := range analysistest.Run(quiet{t}, gopath, r.Analyzer, pkg) {
		if res.Err != nil {
			t.Fatalf("%s %s: %v", r.ID, pkg, res.Err)
		}
		diags = append(diags, res.Diagnostics...)
	}
	return diags
}

type quiet struct{ t *testing.T }

func (quiet) Errorf(string, ...any) {}
