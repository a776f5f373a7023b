package timestamptz_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/timestamptz"
)

// Designs the review rejects: a timestamp column on a queue table, wherever
// the migrations put it.
func TestRejected(t *testing.T) {
	ruletest.Run(t, timestamptz.Analyzer, "seedlike", "altertype", "addcolumn", "godll", "tasks", "qualified", "gotemplate", "gosprintf")
}

// Designs it accepts: timestamptz, or timestamp where no queue code looks.
func TestAccepted(t *testing.T) {
	ruletest.Run(t, timestamptz.Analyzer,
		"accept_tz", "accept_untouched", "accept_altered", "accept_dropped",
		"accept_nomigrations", "accept_dynamic", "accept_down", "accept_lookup", "accept_report", "accept_gosprintf", "accept_unlinked")
}

// The suggested fix rewrites exactly the type, keeping its precision.
func TestSuggestedFix(t *testing.T) {
	results := ruletest.Run(t, timestamptz.Analyzer, "seedlike", "addcolumn", "gotemplate")
	got := map[string]string{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			require.Len(t, d.SuggestedFixes, 1)
			edit := d.SuggestedFixes[0].TextEdits[0]
			file := r.Pass.Fset.File(edit.Pos)
			content, err := os.ReadFile(file.Name())
			require.NoError(t, err)
			start, end := file.Offset(edit.Pos), file.Offset(edit.End)
			got[filepath.Base(file.Name())+": "+string(content[start:end])] = string(edit.NewText)
		}
	}
	require.Equal(t, map[string]string{
		"schema.sql: timestamp":                   "timestamptz",
		"schema.sql: timestamp without time zone": "timestamptz",
		"002.sql: timestamp(3) WITHOUT TIME ZONE": "timestamptz(3)",
		"schema.go: timestamp":                    "timestamptz", // after a %s placeholder, in a Go string
	}, got)
}
