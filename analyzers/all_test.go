package analyzers_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/internal/schemacache"
)

// Every rule's documented examples: the bad one is reported, the good one
// is not. A new rule in analyzers.Rules is checked here without more code.
func TestExamples(t *testing.T) {
	for _, r := range analyzers.Rules {
		t.Run(r.ID, func(t *testing.T) {
			t.Parallel()
			ruletest.Examples(t, r)
		})
	}
}

func TestRulesAreAll(t *testing.T) {
	if len(analyzers.All) != len(analyzers.Rules) {
		t.Fatalf("%d analyzers, %d rules", len(analyzers.All), len(analyzers.Rules))
	}
	seen := map[string]bool{}
	for i, r := range analyzers.Rules {
		if analyzers.All[i] != r.Analyzer || r.Analyzer.Name != r.ID || analyzers.Lookup(r.ID) != r || seen[r.ID] {
			t.Errorf("rule %s: analyzer %s", r.ID, analyzers.All[i].Name)
		}
		seen[r.ID] = true
	}
}

// A package with no SQL of its own, that only inherits a queue from a
// package it imports, does not pay for the module's schema: under go vet it
// is a process of its own, and a large application has hundreds of them.
func TestInheritedQueueLoadsNoSchema(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(schemacache.Env, cache)
	all := &analysis.Analyzer{
		Name:     "all",
		Doc:      "every rule",
		Requires: analyzers.All,
		Run: func(pass *analysis.Pass) (any, error) {
			m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
			if len(m.Tables) == 0 {
				t.Errorf("%s: the imported queue's table is not inherited", pass.Pkg.Path())
			}
			return nil, nil
		},
	}
	all.Requires = append(all.Requires, queuemodel.Analyzer)
	ruletest.Run(t, all, "inherits/worker")
	schemas, _ := filepath.Glob(filepath.Join(cache, "schema-*"))
	require.Len(t, schemas, 1, "only the queue package (whose facts the worker imports) loads a schema")
}
