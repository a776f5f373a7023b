//go:generate go run ../internal/rulesdoc/gen -root ..

// Package analyzers lists jobqlint's rules; each lives in its own package
// below this one, and queuemodel holds the pass they share.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/bookkeeping"
	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/directive"
	"github.com/jobqlint/jobqlint/analyzers/doubledecode"
	"github.com/jobqlint/jobqlint/analyzers/lease"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
	"github.com/jobqlint/jobqlint/analyzers/migrationlock"
	"github.com/jobqlint/jobqlint/analyzers/overclaim"
	"github.com/jobqlint/jobqlint/analyzers/pinnedconn"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
	"github.com/jobqlint/jobqlint/analyzers/reclaimattempts"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/analyzers/sigterm"
	"github.com/jobqlint/jobqlint/analyzers/sqlsyntax"
	"github.com/jobqlint/jobqlint/analyzers/stateguard"
	"github.com/jobqlint/jobqlint/analyzers/timestamptz"
	"github.com/jobqlint/jobqlint/analyzers/txenqueue"
)

// Rules is every jobqlint rule, in the order of the rule table.
var Rules = []*rule.Rule{
	claimrace.Rule,
	doubledecode.Rule,
	maxattempts.Rule,
	lease.Rule,
	sigterm.Rule,
	bookkeeping.Rule,
	pollindex.Rule,
	timestamptz.Rule,
	reclaimattempts.Rule,
	overclaim.Rule,
	stateguard.Rule,
	migrationlock.Rule,
	pinnedconn.Rule,
	txenqueue.Rule,
	sqlsyntax.Rule,
	directive.Rule,
}

// All is the analyzers of Rules.
var All = analyzersOf(Rules)

func analyzersOf(rules []*rule.Rule) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(rules))
	for i, r := range rules {
		out[i] = r.Analyzer
	}
	return out
}

// Lookup returns the rule with the given ID, or nil.
func Lookup(id string) *rule.Rule {
	for _, r := range Rules {
		if r.ID == id {
			return r
		}
	}
	return nil
}

func init() {
	ids := make([]string, len(Rules))
	for i, r := range Rules {
		ids[i] = r.ID
	}
	rule.SetRuleSet(ids)
}
