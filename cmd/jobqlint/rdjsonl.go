package main

import (
	"encoding/json"
	"io"

	"github.com/jobqlint/jobqlint/analyzers"
)

// reviewdog's Diagnostic Format, one JSON object a line (rdjsonl; see
// reviewdog's proto/rdf/reviewdog.proto). Columns are UTF-8 byte counts, as
// go/token's are; a range's end is exclusive.

type rdDiagnostic struct {
	Message          string              `json:"message"`
	Location         rdLocation          `json:"location"`
	Severity         string              `json:"severity"`
	Source           rdSource            `json:"source"`
	Code             rdCode              `json:"code"`
	Suggestions      []rdSuggestion      `json:"suggestions,omitempty"`
	RelatedLocations []rdRelatedLocation `json:"related_locations,omitempty"`
}

type rdRelatedLocation struct {
	Message  string     `json:"message"`
	Location rdLocation `json:"location"`
}

type rdLocation struct {
	Path  string  `json:"path"`
	Range rdRange `json:"range"`
}

type rdRange struct {
	Start rdPosition  `json:"start"`
	End   *rdPosition `json:"end,omitempty"`
}

type rdPosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type rdSource struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

type rdCode struct {
	Value string `json:"value"`
	URL   string `json:"url"`
}

type rdSuggestion struct {
	Range rdRange `json:"range"`
	Text  string  `json:"text"`
}

var rdSeverity = map[string]string{"error": "ERROR", "warning": "WARNING"}

func writeRDJSONL(w io.Writer, findings []finding) error {
	enc := json.NewEncoder(w)
	for _, f := range findings {
		r := analyzers.Lookup(f.Rule)
		msg := f.fullMessage()
		if f.Evidence != nil {
			msg += "\n" + evidenceLine(f.Evidence)
		}
		d := rdDiagnostic{
			Message:  msg,
			Location: rdLocation{Path: outPath(f.File), Range: rdRange{Start: rdPosition{f.Line, f.Column}}},
			Severity: rdSeverity[levels[f.Severity]],
			Source:   rdSource{Name: "jobqlint", URL: "https://github.com/jobqlint/jobqlint"},
			Code:     rdCode{Value: f.Rule, URL: r.URL()},
		}
		if f.EndLine > 0 {
			d.Location.Range.End = &rdPosition{f.EndLine, f.EndColumn}
		}
		for _, rel := range f.Related {
			d.RelatedLocations = append(d.RelatedLocations, rdRelatedLocation{
				Message:  rel.Message,
				Location: rdLocation{Path: outPath(rel.File), Range: rdRange{Start: rdPosition{rel.Line, rel.Column}}},
			})
		}
		// A suggestion applies to the diagnostic's file: a fix with edits
		// elsewhere cannot be offered whole, so it is left out.
		for _, fx := range f.Fixes {
			var sugs []rdSuggestion
			for _, e := range fx.Edits {
				if e.File != f.File {
					sugs = nil
					break
				}
				sugs = append(sugs, rdSuggestion{
					Range: rdRange{Start: rdPosition{e.From.Line, e.From.Column}, End: &rdPosition{e.To.Line, e.To.Column}},
					Text:  e.NewText,
				})
			}
			d.Suggestions = append(d.Suggestions, sugs...)
			if len(sugs) > 0 {
				break // reviewdog applies every suggestion: offer one fix
			}
		}
		if err := enc.Encode(d); err != nil {
			return err
		}
	}
	return nil
}
