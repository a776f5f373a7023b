package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers"
)

// -explain RULE prints the whole record of every rule.
func TestExplainEveryRule(t *testing.T) {
	for _, r := range analyzers.Rules {
		var stdout, stderr bytes.Buffer
		require.Equal(t, exitClean, standalone([]string{"-explain", r.ID}, &stdout, &stderr), stderr.String())
		out := stdout.String()
		require.True(t, strings.HasPrefix(out, r.ID+": "+r.Title+"\n"), out)
		require.Contains(t, out, "severity "+r.Severity+", category "+r.Category+", since "+r.Since)
		for _, text := range []string{r.Fails, r.Why, r.Details, r.Fix, r.Limits} {
			require.Contains(t, out, indent(text, "    "))
		}
		for _, f := range slices.Concat(r.Bad, r.Good) {
			require.Contains(t, out, "    "+f.Name+":")
			require.Contains(t, out, indent(f.Data, "        "))
		}
		require.Contains(t, out, r.URL())
	}
}

func TestExplainListsEveryRule(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.Equal(t, exitClean, standalone([]string{"-explain"}, &stdout, &stderr))
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	// Columns: each rule's severity, category and title start where the
	// first rule's do.
	var cols []int
	for i, r := range analyzers.Rules {
		line := lines[i]
		require.True(t, strings.HasPrefix(line, r.ID+" "), line)
		at := []int{strings.Index(line, " "+r.Severity+" ") + 1, strings.Index(line, " "+r.Category+" ") + 1, strings.LastIndex(line, r.Title)}
		require.True(t, strings.HasSuffix(line, r.Title), line)
		if cols == nil {
			cols = at
		}
		require.Equal(t, cols, at, "the columns of %q are not aligned with the first rule's", line)
	}
}
