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
	require.Equal(t, []string{"db", "/abs/x.sql"}, c.SchemaPaths(), "relative to the module root, as -schema")
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
	require.Equal(t, []string{"db"}, c.SchemaPaths())
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

// A file's mistakes are positioned where the file says the thing at fault.
func TestPositions(t *testing.T) {
	dir := t.TempDir()
	load := func(data string) (*Config, error) {
		p := filepath.Join(dir, FileName)
		require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
		return Load(p)
	}
	path := filepath.Join(dir, FileName)

	c, err := load("{\n  \"disable\": [\"claimrace\", \"claimrase\"],\n  \"severity\": {\"lease\": \"minor\",\n    \"timestamptz\": \"blocker\"},\n  \"flags\": {\"timestamptz.all\": 1}\n}\n")
	require.NoError(t, err)
	err = c.Check(rules, severities, flags)
	require.ErrorContains(t, err, path+`:2:28: disable: "claimrase" is not a rule`)
	require.ErrorContains(t, err, path+`:3:16: severity: "lease" is not a rule`)
	require.ErrorContains(t, err, path+`:4:5: severity of timestamptz: "blocker"`)
	require.ErrorContains(t, err, path+`:5:13: flags: no flag "timestamptz.all"`)
	var pe *PosError
	require.ErrorAs(t, err, &pe)

	_, err = load("{\"schema\": [\"db\"],\n\n   \"disabled\": []}")
	require.EqualError(t, err, path+`:3:4: json: unknown field "disabled"`)
	_, err = load("{\"disable\": [\"claimrace\",\n  ]}")
	require.ErrorContains(t, err, path+`:2:3: invalid character ']'`)
	_, err = load("{\"disable\": \"claimrace\"}")
	require.ErrorContains(t, err, path+`:1:`)

	// Settings have no file: their errors are not positioned.
	c, err = FromSettings(map[string]any{"disable": []any{"claimrase"}}, dir)
	require.NoError(t, err)
	err = c.Check(rules, severities, flags)
	require.EqualError(t, err, `disable: "claimrase" is not a rule (rules: claimrace, timestamptz)`)
}
