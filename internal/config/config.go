// Package config reads jobqlint's configuration file, .jobqlint.json at the
// module root, which both drivers and the golangci-lint plugin apply:
//
//	{
//	  "disable":  ["pollindex"],
//	  "severity": {"timestamptz": "major"},
//	  "schema":   ["db/migrations"],
//	  "baseline": "jobqlint-baseline.json",
//	  "flags":    {"timestamptz.alltables": true}
//	}
//
// JSON keeps jobqlint free of a YAML dependency; the golangci-lint plugin
// takes the same keys from its settings, which golangci-lint decodes from
// YAML. Relative schema paths are relative to the module root, as -schema's
// are; a relative baseline path is relative to Dir (the driver sets it to
// the module root).
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// FileName is the configuration file looked for at the module root.
const FileName = ".jobqlint.json"

// A Config is one configuration file, or the plugin's settings.
type Config struct {
	Disable  []string          `json:"disable,omitempty"`  // rules that do not run
	Severity map[string]string `json:"severity,omitempty"` // a rule's severity instead of its record's
	Schema   []string          `json:"schema,omitempty"`   // as -schema
	Baseline string            `json:"baseline,omitempty"` // as -baseline
	Flags    map[string]any    `json:"flags,omitempty"`    // analyzer flags, NAME.flag: value

	// Path is the file read, empty for settings; Dir the directory that
	// relative paths start from.
	Path string `json:"-"`
	Dir  string `json:"-"`

	data []byte         // the file, for positions
	pos  map[string]int // see offsets
}

// Find returns the configuration file at the module root that holds dir,
// or "" when there is none.
func Find(moduleRoot string) string {
	p := filepath.Join(moduleRoot, FileName)
	if info, err := os.Stat(p); err == nil && !info.IsDir() {
		return p
	}
	return ""
}

// Load reads a configuration file. Its mistakes are errors positioned in
// it (*PosError, path:line:col) where the file says the thing at fault.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	c, err := Decode(data)
	if err != nil {
		at := &Config{Path: abs, data: data, pos: offsets(data)}
		if _, key, ok := strings.Cut(err.Error(), `unknown field "`); ok {
			return nil, at.At(strings.TrimSuffix(key, `"`), err)
		}
		if off := decodeOffset(err); off >= 0 {
			return nil, at.at("", off, err)
		}
		return nil, fmt.Errorf("%s: %w", abs, err)
	}
	c.Path, c.Dir = abs, filepath.Dir(abs)
	c.data, c.pos = data, offsets(data)
	return c, nil
}

// Decode reads a configuration; unknown keys are errors, so that a typo
// does not silently leave a rule on.
func Decode(data []byte) (*Config, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	c := new(Config)
	if err := dec.Decode(c); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("more than one JSON value")
	}
	return c, nil
}

// FromSettings reads the golangci-lint plugin's settings (decoded from
// YAML into maps) as a configuration; relative paths start from dir.
func FromSettings(settings any, dir string) (*Config, error) {
	if settings == nil {
		return &Config{Dir: dir}, nil
	}
	data, err := json.Marshal(settings)
	if err != nil {
		return nil, err
	}
	c, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("jobqlint settings: %w", err)
	}
	c.Dir = dir
	return c, nil
}

// Check reports, positioned in the file as Load's errors are, names that are not rules, severities that are not ones,
// and flags no analyzer has (flagNames holds NAME.flag of every analyzer
// flag).
func (c *Config) Check(rules, severities, flagNames []string) error {
	var errs []error
	for _, r := range c.Disable {
		if !slices.Contains(rules, r) {
			errs = append(errs, c.At("disable/"+r, fmt.Errorf("disable: %q is not a rule (rules: %s)", r, strings.Join(rules, ", "))))
		}
	}
	for _, r := range sortedKeys(c.Severity) {
		if !slices.Contains(rules, r) {
			errs = append(errs, c.At("severity/"+r, fmt.Errorf("severity: %q is not a rule (rules: %s)", r, strings.Join(rules, ", "))))
		} else if s := c.Severity[r]; !slices.Contains(severities, s) {
			errs = append(errs, c.At("severity/"+r, fmt.Errorf("severity of %s: %q is not one of %s", r, s, strings.Join(severities, ", "))))
		}
	}
	for _, f := range sortedKeys(c.Flags) {
		if !slices.Contains(flagNames, f) {
			errs = append(errs, c.At("flags/"+f, fmt.Errorf("flags: no flag %q (flags: %s)", f, strings.Join(flagNames, ", "))))
		}
	}
	return errors.Join(errs...)
}

// Alias makes what the configuration says of an alias of rule hold for rule
// too, unless it says otherwise of rule itself: a rule that was split out
// of another (sigterm, out of lease) is turned off, or given a severity,
// by a configuration written for the rule it was part of.
func (c *Config) Alias(rule string, aliases []string) {
	for _, a := range aliases {
		if c.Disabled(a) && !c.Disabled(rule) {
			c.Disable = append(c.Disable, rule)
		}
		if s, ok := c.Severity[a]; ok {
			if _, set := c.Severity[rule]; !set {
				c.Severity[rule] = s
			}
		}
	}
}

// Disabled reports whether the configuration turns rule off.
func (c *Config) Disabled(rule string) bool { return slices.Contains(c.Disable, rule) }

// FlagValue is a flag's value as a command-line flag takes it.
func FlagValue(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = FlagValue(e)
		}
		return strings.Join(parts, ",")
	}
	return fmt.Sprint(v)
}

// SchemaPaths returns the schema paths as written: a relative one is
// relative to the module root of the package analyzed, as -schema's are, in
// every driver (the file, the command line, golangci-lint's settings).
func (c *Config) SchemaPaths() []string { return slices.Clone(c.Schema) }

// BaselinePath returns the baseline file's path, absolute, or "".
func (c *Config) BaselinePath() string {
	if c.Baseline == "" {
		return ""
	}
	return c.abs(c.Baseline)[0]
}

func (c *Config) abs(paths ...string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		if !filepath.IsAbs(p) && c.Dir != "" {
			p = filepath.Join(c.Dir, p)
		}
		out[i] = p
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
