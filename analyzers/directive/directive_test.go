package directive_test

import (
	"testing"

	_ "github.com/jobqlint/jobqlint/analyzers" // declares the rule set, for directives that name an unknown rule
	"github.com/jobqlint/jobqlint/analyzers/directive"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/rule"
)

// Go directives that cannot work: no reason, an unknown rule, no rule, a
// space after the slashes. Well-formed ones are not this rule's business.
func TestGo(t *testing.T) {
	ruletest.Run(t, directive.Analyzer, "goform")
}

// Migration directives: malformed ones, and ones that apply to a line with
// no statement (between statements, after the last); not the ones on or
// above a statement's line.
func TestSQL(t *testing.T) {
	ruletest.Run(t, directive.Analyzer, "sqlform", "sqlunknown")
}

// Where the package does not report the schema, it is silent about it.
func TestNoQueueIsSilent(t *testing.T) {
	ruletest.Run(t, directive.Analyzer, "noqueue")
}

// Without a declared rule set no name is unknown.
func TestNoRuleSet(t *testing.T) {
	declared := rule.RuleSet()
	rule.SetRuleSet(nil)
	t.Cleanup(func() { rule.SetRuleSet(declared) })
	ruletest.Run(t, directive.Analyzer, "noruleset")
}
