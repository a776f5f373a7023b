package main

import (
	"fmt"
	"go/token"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/internal/verify"
)

// A finding is one diagnostic of one rule, with resolved positions (File
// is the path the loader gave, absolute).
type finding struct {
	Rule      string
	Severity  string // the rule's, or the configuration's for it
	Pos       token.Position
	File      string
	Line      int
	Column    int
	EndLine   int // 0: no end
	EndColumn int
	Message   string // what is wrong, in one clause
	Detail    string // why it fails and how to fix it, where the rule says
	Related   []related
	Fixes     []fix
	// Fingerprint identifies the finding across commits that move it; see
	// fingerprints.
	Fingerprint string
	// aliasPrints are the fingerprints the finding had under its rule's
	// aliases (a sigterm finding's as a lease one): a baseline written
	// before the rule had its own ID still matches it.
	aliasPrints []string
	// Evidence is what -verify showed on PostgreSQL; nil without -verify
	// or for a rule it does not test.
	Evidence *verify.Evidence
	// of locates the finding's statements for -verify.
	of verify.Finding
}

type related struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

type fix struct {
	Message string `json:"message"`
	Edits   []edit `json:"edits"`
	// Migration, when set, is the schema change that fixes the finding in a
	// new migration (a fix with no edits); -fix writes it.
	Migration *rule.Migration `json:"-"`
}

// An edit replaces bytes [Start, End) of File, lines and columns From to
// To.
type edit struct {
	File    string         `json:"file"`
	Start   int            `json:"start"`
	End     int            `json:"end"`
	NewText string         `json:"new_text"`
	From    token.Position `json:"-"`
	To      token.Position `json:"-"`
}

// collect gathers the root diagnostics, once each: a file that belongs to a
// package and to its test variant is analyzed twice, and reports once.
// original maps the graph's analyzers to the ones they were copied from.
func collect(g *checker.Graph, original func(*analysis.Analyzer) *analysis.Analyzer) ([]finding, []error) {
	var (
		out  []finding
		errs []error
		seen = map[string]bool{}
	)
	for act := range g.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			errs = append(errs, fmt.Errorf("%s: %s: %v", act.Package.PkgPath, act.Analyzer.Name, act.Err))
			continue
		}
		if act.Analyzer.Name == "sigterm" && blindToSignals(act.Package) {
			continue // see signalHoles
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			if act.Analyzer.Name == "lease" && leaseAbsence(d.Message, rule.Detail(act.Package.Fset, act.Analyzer.Name, d)) {
				continue // see reclaimHole
			}
			if end := sqlSpanEnd(act.Package.Syntax, d); end.IsValid() {
				d.End = end
			}
			f := newFinding(fset, act.Analyzer, d)
			f.of = verifyFinding(act, f, original)
			key := fmt.Sprintf("%s:%d:%d:%s:%s", f.File, f.Line, f.Column, f.Rule, f.Message)
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, f)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
	return out, errs
}

// verifyFinding is what -verify needs to find a finding's statements: its
// positions and the queue model of its package.
func verifyFinding(act *checker.Action, f finding, original func(*analysis.Analyzer) *analysis.Analyzer) verify.Finding {
	v := verify.Finding{Rule: f.Rule, Message: f.Message, Pos: f.Pos, Fset: act.Package.Fset, Info: act.Package.TypesInfo}
	for _, r := range f.Related {
		v.Related = append(v.Related, token.Position{Filename: r.File, Line: r.Line, Column: r.Column})
	}
	for _, dep := range act.Deps {
		if m, ok := dep.Result.(*queuemodel.Model); ok && original(dep.Analyzer) == queuemodel.Analyzer {
			v.Model = m
		}
	}
	return v
}

func newFinding(fset *token.FileSet, a *analysis.Analyzer, d analysis.Diagnostic) finding {
	p := fset.Position(d.Pos)
	f := finding{Rule: a.Name, Severity: severityOf(a.Name), Pos: p, File: p.Filename, Line: p.Line, Column: p.Column, Message: d.Message,
		Detail: rule.Detail(fset, a.Name, d)}
	if d.End.IsValid() && d.End > d.Pos {
		if e := fset.Position(d.End); e.Filename == p.Filename {
			f.EndLine, f.EndColumn = e.Line, e.Column
		}
	}
	for _, r := range d.Related {
		rp := fset.Position(r.Pos)
		f.Related = append(f.Related, related{File: rp.Filename, Line: rp.Line, Column: rp.Column, Message: r.Message})
	}
	for _, sf := range d.SuggestedFixes {
		fx := fix{Message: sf.Message, Migration: rule.MigrationOf(sf)}
		for _, e := range sf.TextEdits {
			tf := fset.File(e.Pos)
			if tf == nil {
				continue
			}
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			fx.Edits = append(fx.Edits, edit{File: tf.Name(), Start: tf.Offset(e.Pos), End: tf.Offset(end), NewText: string(e.NewText),
				From: tf.Position(e.Pos), To: tf.Position(end)})
		}
		f.Fixes = append(f.Fixes, fx)
	}
	return f
}

// fullMessage is the message with its detail, as one text: "what is wrong:
// why, and the fix". The formats a reviewer reads in a pull request
// (SARIF, GitHub annotations, rdjsonl) show it whole, and the fingerprint
// hashes it, so that moving a rule's why and fix into the detail leaves
// baselines matching.
func (f finding) fullMessage() string {
	if f.Detail == "" {
		return f.Message
	}
	return f.Message + ": " + f.Detail
}
