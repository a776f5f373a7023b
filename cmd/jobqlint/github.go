package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/jobqlint/jobqlint/analyzers"
)

// writeGitHub prints one GitHub Actions workflow command a finding
// (https://docs.github.com/actions/reference/workflow-commands-for-github-actions):
// ::error or ::warning (from the rule's severity) with file, line, col, the
// end of the range where the finding has one, and a title naming the rule; related positions follow the message.
func writeGitHub(w io.Writer, findings []finding) error {
	for _, f := range findings {
		r := analyzers.Lookup(f.Rule)
		level := "warning"
		if levels[f.Severity] == "error" {
			level = "error"
		}
		msg := f.fullMessage()
		for _, rel := range f.Related {
			msg += fmt.Sprintf("\n%s:%d:%d: %s", outPath(rel.File), rel.Line, rel.Column, rel.Message)
		}
		if f.Evidence != nil {
			msg += "\n" + evidenceLine(f.Evidence)
		}
		msg += "\n" + r.URL()
		title := fmt.Sprintf("jobqlint %s (%s)", f.Rule, f.Severity)
		// The range's end: endColumn only on one line, as GitHub takes it.
		end := ""
		if f.EndLine > 0 {
			end = fmt.Sprintf(",endLine=%d", f.EndLine)
			if f.EndLine == f.Line {
				end += fmt.Sprintf(",endColumn=%d", f.EndColumn)
			}
		}
		if _, err := fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d%s,title=%s::%s\n",
			level, escapeProperty(outPath(f.File)), f.Line, f.Column, end, escapeProperty(title), escapeData(msg)); err != nil {
			return err
		}
	}
	return nil
}

// escapeData escapes a workflow command's message the way the Actions
// runner unescapes it.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value, which also
// must not hold the separators ':' and ','.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
