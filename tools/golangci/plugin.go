// Package golangci registers jobqlint's rules as a golangci-lint v2 module
// plugin named "jobqlint". Build a golangci-lint that includes it with
// `golangci-lint custom` (see .custom-gcl.yml) and enable it in
// .golangci.yml under linters.settings.custom.jobqlint with type: module.
//
// It is its own Go module so that golangci-lint's dependencies stay out of
// jobqlint's go.mod.
package golangci

import (
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/analyzers/rule"
)

func init() {
	register.Plugin("jobqlint", New)
}

// New returns the plugin. It takes no settings: the rules are chosen with
// golangci-lint's own issue filters, and findings are silenced in the code
// with //jobqlint:ignore RULE reason.
func New(any) (register.LinterPlugin, error) {
	// golangci-lint shows no issue outside .go files: findings in
	// migrations move to the Go code that queries the table, their message
	// starting with the migration's file and line.
	rule.GoPositionsOnly = true
	return plugin{}, nil
}

type plugin struct{}

func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return analyzers.All, nil
}

// GetLoadMode asks for type information: every rule reads types (which
// receiver runs a statement, what a value is scanned into).
func (plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
