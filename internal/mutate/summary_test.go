package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A gremlins v0.6.0 --output file, trimmed to two files.
const sample = `{
  "go_module": "github.com/jobqlint/jobqlint",
  "files": [
    {"file_name": "lease.go", "mutations": [
      {"type": "CONDITIONALS_NEGATION", "status": "KILLED", "line": 40, "column": 9},
      {"type": "CONDITIONALS_NEGATION", "status": "LIVED", "line": 52, "column": 14},
      {"type": "CONDITIONALS_BOUNDARY", "status": "LIVED", "line": 9, "column": 21},
      {"type": "ARITHMETIC_BASE", "status": "NOT COVERED", "line": 60, "column": 3},
      {"type": "CONDITIONALS_BOUNDARY", "status": "TIMED OUT", "line": 61, "column": 7}
    ]},
    {"file_name": "shutdown.go", "mutations": [
      {"type": "CONDITIONALS_NEGATION", "status": "KILLED", "line": 12, "column": 5},
      {"type": "CONDITIONALS_NEGATION", "status": "KILLED", "line": 13, "column": 5},
      {"type": "INVERT_NEGATIVES", "status": "NOT VIABLE", "line": 20, "column": 8},
      {"type": "CONDITIONALS_NEGATION", "status": "LIVED", "line": 9, "column": 2}
    ]}
  ],
  "test_efficacy": 60, "mutants_total": 8, "mutants_killed": 3, "mutants_lived": 2
}`

func TestParseCountsEachStatus(t *testing.T) {
	r, err := Parse("analyzers/lease", []byte(sample))
	require.NoError(t, err)
	require.Equal(t, Result{
		Package: "analyzers/lease", Killed: 3, Lived: 3, TimedOut: 1, NotViable: 1, NotCovered: 1,
		Survivors: []string{ // by line number, not by text
			"lease.go:9:21 CONDITIONALS_BOUNDARY", "lease.go:52:14 CONDITIONALS_NEGATION", "shutdown.go:9:2 CONDITIONALS_NEGATION",
		},
	}, r)
	require.InDelta(t, 50.0, r.Efficacy(), 1e-9, "killed / (killed + lived)")
}

func TestParseRefusesADryRun(t *testing.T) {
	// gremlins --dry-run leaves covered mutants RUNNABLE: not a result.
	_, err := Parse("x", []byte(`{"files": [{"file_name": "a.go", "mutations": [{"type": "CONDITIONALS_NEGATION", "status": "RUNNABLE", "line": 1, "column": 1}]}]}`))
	require.ErrorContains(t, err, `a.go:1:1: unknown status "RUNNABLE"`)
}

func TestFormat(t *testing.T) {
	got := Format([]Result{
		{Package: "analyzers/lease", Killed: 9, Lived: 1, NotCovered: 4, Survivors: []string{"lease.go:52:14 CONDITIONALS_NEGATION"}},
		{Package: "sqlcheck"},
	})
	require.Equal(t, ""+
		"package                  killed  lived timed out not viable not covered  efficacy\n"+
		"analyzers/lease               9      1         0          0           4     90.0%\n"+
		"sqlcheck                      0      0         0          0           0      0.0%\n"+
		"\nlived in analyzers/lease:\n"+
		"  lease.go:52:14 CONDITIONALS_NEGATION\n", got)
}

// The default run covers every rule of the module, found by its record.
func TestDefaultPackages(t *testing.T) {
	pkgs := defaultPackages("../..")
	require.Contains(t, pkgs, "analyzers/claimrace")
	require.Contains(t, pkgs, "analyzers/timestamptz")
	require.NotContains(t, pkgs, "analyzers/rule", "no record: not a rule")
	require.Equal(t, []string{"analyzers/queuemodel", "sqlcheck"}, pkgs[len(pkgs)-2:])
}
