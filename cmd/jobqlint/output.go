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

// writeText prints one finding a line, "file:line:col: rule: message", with
// related positions indented below.
func writeText(w io.Writer, findings []finding) error {
	for _, f := range findings {
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", relPath(f.File), f.Line, f.Column, f.Rule, f.Message); err != nil {
			return err
		}
		for _, r := range f.Related {
			if _, err := fmt.Fprintf(w, "\t%s:%d:%d: %s\n", relPath(r.File), r.Line, r.Column, r.Message); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeJSON prints the findings as one JSON array.
func writeJSON(w io.Writer, findings []finding) error {
	if findings == nil {
		findings = []finding{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(findings)
}

// relPath shows paths under the working directory relative to it.
func relPath(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return path
	}
	return rel
}
