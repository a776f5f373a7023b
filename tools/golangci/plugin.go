// Package golangci registers jobqlint's rules as a golangci-lint v2 module
// plugin named "jobqlint". Build a golangci-lint that includes it with
// `golangci-lint custom` (see .custom-gcl.yml) and enable it in
// .golangci.yml under linters.settings.custom.jobqlint with type: module.
//
// Its settings are jobqlint's configuration (internal/config, the keys of
// .jobqlint.json): disable, schema and flags apply as in the other
// drivers. severity and baseline are golangci-lint's own business there
// (its severity rules, and new-from-rev or new-from-patch): the plugin
// rejects them rather than ignore them.
//
// It is its own Go module so that golangci-lint's dependencies stay out of
// jobqlint's go.mod.
package golangci

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/internal/config"
)

func init() {
	register.Plugin("jobqlint", New)
}

// New returns the plugin, configured by its settings (relative schema
// paths are relative to the module root of each package, as -schema's).
func New(settings any) (register.LinterPlugin, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	c, err := config.FromSettings(settings, wd)
	if err != nil {
		return nil, err
	}
	if err := apply(c); err != nil {
		return nil, fmt.Errorf("jobqlint settings: %w", err)
	}
	// golangci-lint shows no issue outside .go files: findings in
	// migrations move to the Go code that queries the table, their message
	// starting with the migration's file and line.
	rule.GoPositionsOnly = true
	return plugin{disabled: c.Disabled}, nil
}

func apply(c *config.Config) error {
	ids := make([]string, len(analyzers.Rules))
	for i, r := range analyzers.Rules {
		ids[i] = r.ID
	}
	var flagNames []string
	for _, a := range analyzers.All {
		a.Flags.VisitAll(func(f *flag.Flag) { flagNames = append(flagNames, a.Name+"."+f.Name) })
	}
	if err := c.Check(ids, rule.Severities, flagNames); err != nil {
		return err
	}
	for _, r := range analyzers.Rules {
		c.Alias(r.ID, r.Aliases)
	}
	if len(c.Severity) > 0 {
		return errors.New("severity: set severities with golangci-lint's severity rules")
	}
	if c.Baseline != "" {
		return errors.New("baseline: use golangci-lint's issues.new-from-rev or new-from-patch")
	}
	for name, v := range c.Flags {
		id, fname, _ := strings.Cut(name, ".")
		if err := analyzers.Lookup(id).Analyzer.Flags.Set(fname, config.FlagValue(v)); err != nil {
			return fmt.Errorf("flags: %s: %w", name, err)
		}
	}
	if len(c.Schema) > 0 {
		queuemodel.SchemaFlag = c.SchemaPaths()
	}
	return nil
}

type plugin struct {
	disabled func(string) bool
}

// BuildAnalyzers returns the rules the settings leave on.
func (p plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	var out []*analysis.Analyzer
	for _, a := range analyzers.All {
		if !p.disabled(a.Name) {
			out = append(out, a)
		}
	}
	return out, nil
}

// GetLoadMode asks for type information: every rule reads types (which
// receiver runs a statement, what a value is scanned into).
func (plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
