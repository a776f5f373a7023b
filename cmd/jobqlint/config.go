package main

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/internal/config"
)

// What the configuration sets for the run.
var (
	disabledRules = map[string]bool{}
	severities    = map[string]string{}
)

// severityOf is a rule's severity: the configuration's, else its record's.
func severityOf(id string) string {
	if s, ok := severities[id]; ok {
		return s
	}
	if r := analyzers.Lookup(id); r != nil {
		return r.Severity
	}
	return "minor"
}

// loadConfig reads -config, or .jobqlint.json at the module root; nil
// when there is none.
func loadConfig(path string) (*config.Config, error) {
	if path == "" {
		if path = config.Find(moduleRootOf(".")); path == "" {
			return nil, nil
		}
	}
	c, err := config.Load(path)
	if err != nil {
		var pe *config.PosError
		if errors.As(err, &pe) {
			return nil, err // path:line:col: what is wrong
		}
		return nil, fmt.Errorf("-config: %w", err)
	}
	if err := c.Check(ruleIDList(), rule.Severities, analyzerFlagNames()); err != nil {
		return nil, err
	}
	for _, r := range analyzers.Rules {
		c.Alias(r.ID, r.Aliases)
	}
	// Relative paths in the file are relative to the module root, wherever
	// the file is (see config.Config.SchemaPaths).
	c.Dir = moduleRootOf(".")
	return c, nil
}

// applyConfig applies the configuration under what the command line says:
// a flag given there wins.
func applyConfig(opts *options) error {
	c, err := loadConfig(opts.config)
	if err != nil || c == nil {
		return err
	}
	for _, id := range c.Disable {
		disabledRules[id] = true
	}
	for id, s := range c.Severity {
		severities[id] = s
	}
	for name, v := range c.Flags {
		if opts.set[name] {
			continue
		}
		if err := opts.fs.Set(name, config.FlagValue(v)); err != nil {
			return c.At("flags/"+name, fmt.Errorf("flags: %s: %w", name, err))
		}
		opts.set[name] = false // set, but by the configuration
	}
	if !opts.set["schema"] && len(c.Schema) > 0 {
		queuemodel.SchemaFlag = c.SchemaPaths()
	}
	if !opts.set["baseline"] && c.Baseline != "" {
		opts.baseline = c.BaselinePath()
	}
	return nil
}

// applyVetConfig applies the configuration at the module root under go
// vet, before go vet's flags are parsed (which then win): rules turned off,
// analyzer flags, schema paths unless -schema is given. Severities and
// baselines are the standalone driver's.
func applyVetConfig(args []string) error {
	c, err := loadConfig("")
	if err != nil || c == nil {
		return err
	}
	rule.Disable(c.Disable...)
	for name, v := range c.Flags {
		id, fname, _ := strings.Cut(name, ".")
		if err := analyzers.Lookup(id).Analyzer.Flags.Set(fname, config.FlagValue(v)); err != nil {
			return c.At("flags/"+name, fmt.Errorf("flags: %s: %w", name, err))
		}
	}
	schemaGiven := slices.ContainsFunc(args, func(a string) bool {
		return a == "-schema" || a == "--schema" || strings.HasPrefix(a, "-schema=") || strings.HasPrefix(a, "--schema=")
	})
	if len(c.Schema) > 0 && !schemaGiven {
		queuemodel.SchemaFlag = c.SchemaPaths()
	}
	return nil
}

func ruleIDList() []string {
	ids := make([]string, len(analyzers.Rules))
	for i, r := range analyzers.Rules {
		ids[i] = r.ID
	}
	return ids
}

func analyzerFlagNames() []string {
	var names []string
	for _, a := range analyzers.All {
		a.Flags.VisitAll(func(f *flag.Flag) { names = append(names, a.Name+"."+f.Name) })
	}
	return names
}
