// Package analyzers lists jobqlint's analyzers; each rule lives in its own
// package below this one, and queuemodel holds the pass they share.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/bookkeeping"
	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/doubledecode"
	"github.com/jobqlint/jobqlint/analyzers/lease"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
	"github.com/jobqlint/jobqlint/analyzers/sqlsyntax"
	"github.com/jobqlint/jobqlint/analyzers/timestamptz"
)

// All is every jobqlint analyzer, in the order of the rule table.
var All = []*analysis.Analyzer{
	claimrace.Analyzer,
	doubledecode.Analyzer,
	maxattempts.Analyzer,
	lease.Analyzer,
	bookkeeping.Analyzer,
	pollindex.Analyzer,
	timestamptz.Analyzer,
	sqlsyntax.Analyzer,
}
