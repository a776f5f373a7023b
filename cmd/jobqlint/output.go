package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jobqlint/jobqlint/internal/verify"
)

// A writer prints findings in one output format.
type writer func(io.Writer, []finding) error

var writers = map[string]writer{
	"text":    writeText,
	"json":    writeJSON,
	"sarif":   writeSARIF,
	"github":  writeGitHub,
	"rdjsonl": writeRDJSONL,
}

func formatNames() string {
	return strings.Join(slices.Sorted(maps.Keys(writers)), ", ")
}

// verbose is -v: the text format prints each finding's detail.
var verbose bool

// writeText prints one finding a line, "file:line:col: rule: message", with
// related positions indented below; with -v, the finding's detail (why it
// fails, how to fix it) indented under its line first.
func writeText(w io.Writer, findings []finding) error {
	for _, f := range findings {
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", relPath(f.File), f.Line, f.Column, f.Rule, f.Message); err != nil {
			return err
		}
		if verbose && f.Detail != "" {
			if _, err := fmt.Fprintf(w, "\t%s\n", f.Detail); err != nil {
				return err
			}
		}
		for _, r := range f.Related {
			if _, err := fmt.Fprintf(w, "\t%s:%d:%d: %s\n", relPath(r.File), r.Line, r.Column, r.Message); err != nil {
				return err
			}
		}
		if f.Evidence != nil {
			if _, err := fmt.Fprintf(w, "\t%s\n", evidenceLine(f.Evidence)); err != nil {
				return err
			}
		}
	}
	return nil
}

// A jsonFinding is a finding as -format json prints it: paths relative to
// the path base (see outPath), the rule's severity, the end of the range where
// the rule gives one, related positions, fixes, and the fingerprint that
// -baseline matches.
type jsonFinding struct {
	Rule        string    `json:"rule"`
	Severity    string    `json:"severity"`
	File        string    `json:"file"`
	Line        int       `json:"line"`
	Column      int       `json:"column"`
	EndLine     int       `json:"end_line,omitempty"`
	EndColumn   int       `json:"end_column,omitempty"`
	Message     string    `json:"message"`
	Detail      string    `json:"detail,omitempty"`
	Related     []related `json:"related,omitempty"`
	Fixes       []jsonFix `json:"fixes,omitempty"`
	Fingerprint string    `json:"fingerprint"`
	// Evidence is set by -verify: verified true, false or null (not tried)
	// and a summary with the figures.
	Evidence *verify.Evidence `json:"evidence,omitempty"`
}

type jsonFix struct {
	Message string `json:"message"`
	Edits   []edit `json:"edits,omitempty"`
}

// writeJSON prints the findings as one JSON array.
func writeJSON(w io.Writer, findings []finding) error {
	out := make([]jsonFinding, 0, len(findings))
	for _, f := range findings {
		out = append(out, toJSON(f))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func toJSON(f finding) jsonFinding {
	j := jsonFinding{Rule: f.Rule, Severity: f.Severity, File: outPath(f.File), Line: f.Line, Column: f.Column,
		EndLine: f.EndLine, EndColumn: f.EndColumn, Message: f.Message, Detail: f.Detail, Fingerprint: f.Fingerprint, Evidence: f.Evidence}
	for _, r := range f.Related {
		r.File = outPath(r.File)
		j.Related = append(j.Related, r)
	}
	for _, fx := range f.Fixes {
		jf := jsonFix{Message: fx.Message}
		for _, e := range fx.Edits {
			e.File = outPath(e.File)
			jf.Edits = append(jf.Edits, e)
		}
		j.Fixes = append(j.Fixes, jf)
	}
	return j
}

// pathBase is the directory that the paths of the machine-read formats
// (json, sarif, github, rdjsonl) are relative to: -path-base, else the
// root of the git work tree that holds the working directory, else the
// working directory. One base for all of them, so that a bot run from the
// repository root places every format's findings when the module is in a
// subfolder. Text output, read in a terminal, is relative to the working
// directory, as go vet's is.
var pathBase string

// outPath shows a path relative to the path base, or absolute when it is
// outside it.
func outPath(path string) string {
	base := pathBase
	if base == "" {
		base = repoRoot()
	}
	if !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(base, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return filepath.ToSlash(rel)
}

// relPath shows a path relative to the working directory ("../x" for a
// file beside it), or as it is when it has no relative form.
func relPath(path string) string {
	wd, err := os.Getwd()
	if err != nil || !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil {
		return path
	}
	return rel
}
