package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/internal/verify"
)

// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/): one run,
// every rule's metadata from its record, files relative to %SRCROOT% (the
// path base: see pathBase),
// and the suggested fixes that edit files.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                      `json:"columnKind"`
	Results            []sarifResult               `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string            `json:"id"`
	ShortDescription     sarifText         `json:"shortDescription"`
	FullDescription      sarifText         `json:"fullDescription"`
	Help                 sarifMarkdown     `json:"help"`
	HelpURI              string            `json:"helpUri"`
	DefaultConfiguration sarifConfig       `json:"defaultConfiguration"`
	Properties           sarifRuleProperty `json:"properties"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifMarkdown struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifRuleProperty struct {
	Tags     []string `json:"tags"`
	Severity string   `json:"jobqlint/severity"`
	Since    string   `json:"jobqlint/since"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
	Properties          *sarifResultProps `json:"properties,omitempty"`
}

// sarifResultProps carries -verify's evidence in a result's property bag.
type sarifResultProps struct {
	Evidence *verify.Evidence `json:"jobqlint/evidence"`
}

type sarifLocation struct {
	ID               *int          `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
	Region           sarifRegion      `json:"region"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLoc   `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent sarifText   `json:"insertedContent"`
}

const srcRoot = "SRCROOT"

// levels maps a rule's severity to a SARIF level.
var levels = map[string]string{"critical": "error", "major": "error", "minor": "warning"}

func writeSARIF(w io.Writer, findings []finding) error {
	wd := pathBase
	if wd == "" {
		wd = repoRoot()
	}
	cols := newColumns()
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "jobqlint",
			Version:        sarifVersion(),
			InformationURI: "https://github.com/jobqlint/jobqlint",
		}},
		OriginalURIBaseIDs: map[string]sarifArtifactLoc{srcRoot: {URI: fileURI(wd) + "/"}},
		ColumnKind:         "unicodeCodePoints",
		Results:            []sarifResult{},
	}
	index := map[string]int{}
	for i, r := range analyzers.Rules {
		index[r.ID] = i
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRuleOf(r))
	}
	for _, f := range findings {
		res := sarifResult{
			RuleID:    f.Rule,
			RuleIndex: index[f.Rule],
			Level:     levels[f.Severity],
			Message:   sarifText{f.fullMessage()},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: artifact(wd, f.File),
				Region:           cols.region(f.File, f.Line, f.Column, f.EndLine, f.EndColumn),
			}}},
			PartialFingerprints: map[string]string{"jobqlint/v1": f.Fingerprint},
		}
		if f.Evidence != nil {
			res.Properties = &sarifResultProps{Evidence: f.Evidence}
		}
		res.Message.Text += relatedLinks(f.Related)
		for i, rel := range f.Related {
			id := i + 1
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
				ID: &id,
				PhysicalLocation: sarifPhysical{
					ArtifactLocation: artifact(wd, rel.File),
					Region:           cols.region(rel.File, rel.Line, rel.Column, 0, 0),
				},
				Message: &sarifText{rel.Message},
			})
		}
		for _, fx := range f.Fixes {
			if len(fx.Edits) > 0 { // a new migration is no change to an artifact
				res.Fixes = append(res.Fixes, sarifFixOf(wd, fx, cols))
			}
		}
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	})
}

func sarifRuleOf(r *rule.Rule) sarifRule {
	help := r.Fails + "\n\n" + r.Why + "\n\nFix: " + r.Fix
	return sarifRule{
		ID:                   r.ID,
		ShortDescription:     sarifText{title(r.Title)},
		FullDescription:      sarifText{r.Fails},
		Help:                 sarifMarkdown{Text: help, Markdown: help + "\n\n[" + r.ID + "](" + r.URL() + ")"},
		HelpURI:              r.URL(),
		DefaultConfiguration: sarifConfig{Level: levels[severityOf(r.ID)]},
		Properties:           sarifRuleProperty{Tags: []string{r.Category, severityOf(r.ID)}, Severity: severityOf(r.ID), Since: r.Since},
	}
}

func sarifFixOf(wd string, fx fix, cols *columns) sarifFix {
	out := sarifFix{Description: sarifText{fx.Message}}
	byFile := map[string]int{}
	for _, e := range fx.Edits {
		i, ok := byFile[e.File]
		if !ok {
			i = len(out.ArtifactChanges)
			byFile[e.File] = i
			out.ArtifactChanges = append(out.ArtifactChanges, sarifArtifactChange{ArtifactLocation: artifact(wd, e.File)})
		}
		out.ArtifactChanges[i].Replacements = append(out.ArtifactChanges[i].Replacements, sarifReplacement{
			DeletedRegion:   cols.region(e.File, e.From.Line, e.From.Column, e.To.Line, e.To.Column),
			InsertedContent: sarifText{e.NewText},
		})
	}
	return out
}

// artifact is a file's location: relative to %SRCROOT% when it is under the
// working directory, else an absolute file URI.
func artifact(wd, file string) sarifArtifactLoc {
	rel, err := filepath.Rel(wd, file)
	if err != nil || !filepath.IsAbs(file) || strings.HasPrefix(rel, "..") {
		return sarifArtifactLoc{URI: fileURI(file)}
	}
	return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: srcRoot}
}

func fileURI(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// sentence makes a title a sentence: "Report claims ... time."
// title capitalizes a record's title: "Claims two workers can win at the
// same time", as code scanning shows it above a rule's help.
func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// relatedLinks links a result's message to its related locations, by their
// ids ("[the poll](1)", SARIF's embedded links): GitHub code scanning shows
// a related location only when the message links it.
func relatedLinks(rel []related) string {
	if len(rel) == 0 {
		return ""
	}
	links := make([]string, len(rel))
	for i, r := range rel {
		links[i] = fmt.Sprintf("[%s](%d)", linkText.Replace(r.Message), i+1)
	}
	return "\nRelated: " + strings.Join(links, ", ")
}

// linkText escapes the brackets that would end a link's text.
var linkText = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`)
