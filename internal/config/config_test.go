package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

var (
	rules      = []string{"claimrace", "timestamptz"}
	severities = []string{"critical", "major", "minor"}
	flags      = []string{"timestamptz.alltables"}
)

// A file at the module root is found and read; its relative paths start at
// its directory.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	require.Empty(t, Find(dir))
	data := `{"disable": ["claimrace"], "severity": {"timestamptz": "major"}, "schema": ["db", "/abs/x.sql"],
		"baseline": "base.json", "flags": {"timestamptz.alltables": true}}`
	require.NoError(t, os.WriteFile(filepath.Join(dir, FileName), []byte(data), 0o644))
	path := Find(dir)
	require.Equal(t, filepath.Join(dir, FileName), path)
	c, err := Load(path)
	require.NoError(t, err)
	require.NoError(t, c.Check(rules, severities, flags))
	require.True(t, c.Disabled("claimrace"))
	require.False(t, c.Disabled("timestamptz"))
	require.Equal(t, []string{filepath.Join(dir, "db"), "/abs/x.sql"}, c.SchemaPaths())
	require.Equal(t, filepath.Join(dir, "base.json"), c.BaselinePath())
	require.Equal(t, "true", FlagValue(c.Flags["timestamptz.alltables"]))
}

// Mistakes are errors, each named: a typo must not leave a rule on.
func TestMistakes(t *testing.T) {
	_, err := Decode([]byte(`{"disabled": ["claimrace"]}`))
	require.ErrorContains(t, err, `unknown field "disabled"`)
	_, err = Decode([]byte(`{} {}`))
	require.ErrorContains(t, err, "more than one JSON value")

	c, err := Decode([]byte(`{"disable": ["claimrase"], "severity": {"timestamptz": "blocker", "lease": "minor"}, "flags": {"timestamptz.all": 1}}`))
	require.NoError(t, err)
	err = c.Check(rules, severities, flags)
	require.ErrorContains(t, err, `disable: "claimrase" is not a rule`)
	require.ErrorContains(t, err, `severity: "lease" is not a rule`)
	require.ErrorContains(t, err, `severity of timestamptz: "blocker" is not one of critical, major, minor`)
	require.ErrorContains(t, err, `flags: no flag "timestamptz.all"`)
}

// golangci-lint's settings, decoded from YAML into maps, read the same way.
func TestFromSettings(t *testing.T) {
	c, err := FromSettings(map[string]any{"disable": []any{"claimrace"}, "schema": []any{"db"}}, "/m")
	require.NoError(t, err)
	require.True(t, c.Disabled("claimrace"))
	require.Equal(t, []string{"/m/db"}, c.SchemaPaths())
	c, err = FromSettings(nil, "/m")
	require.NoError(t, err)
	require.False(t, c.Disabled("claimrace"))
	_, err = FromSettings(map[string]any{"disabel": []any{"claimrace"}}, "/m")
	require.ErrorContains(t, err, `unknown field "disabel"`)
	require.Equal(t, "a,b", FlagValue([]any{"a", "b"}))
}

// A configuration written for the rule a check was split out of holds for
// the check's new rule, unless it names the new rule itself.
func TestAlias(t *testing.T) {
	c, err := Decode([]byte(`{"disable": ["lease"], "severity": {"lease": "minor"}}`))
	require.NoError(t, err)
	c.Alias("sigterm", []string{"lease"})
	require.True(t, c.Disabled("sigterm"))
	require.Equal(t, "minor", c.Severity["sigterm"])

	c, err = Decode([]byte(`{"severity": {"lease": "minor", "sigterm": "critical"}}`))
	require.NoError(t, err)
	c.Alias("sigterm", []string{"lease"})
	require.False(t, c.Disabled("sigterm"))
	require.Equal(t, "critical", c.Severity["sigterm"])

	c, err = Decode([]byte(`{"disable": ["claimrace"]}`))
	require.NoError(t, err)
	c.Alias("sigterm", []string{"lease"})
	require.Equal(t, []string{"claimrace"}, c.Disable)
	require.Empty(t, c.Severity)
}
