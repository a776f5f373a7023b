package analyzers_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
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
