package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Result is what gremlins found in one package.
type Result struct {
	Package                                        string
	Killed, Lived, TimedOut, NotViable, NotCovered int
	Survivors                                      []string // file:line:col TYPE of each mutant that lived
}

// Efficacy is the share of covered mutants the tests killed, in percent:
// killed / (killed + lived), as gremlins computes it (a mutant that times
// out or does not compile counts as neither).
func (r Result) Efficacy() float64 {
	if r.Killed+r.Lived == 0 {
		return 0
	}
	return 100 * float64(r.Killed) / float64(r.Killed+r.Lived)
}

// gremlinsOutput is the part of gremlins v0.6.0's --output JSON read here.
type gremlinsOutput struct {
	Files []struct {
		Name      string `json:"file_name"`
		Mutations []struct {
			Type   string `json:"type"`
			Status string `json:"status"`
			Line   int    `json:"line"`
			Column int    `json:"column"`
		} `json:"mutations"`
	} `json:"files"`
}

// Parse reads one package's gremlins JSON result.
func Parse(pkg string, data []byte) (Result, error) {
	var out gremlinsOutput
	if err := json.Unmarshal(data, &out); err != nil {
		return Result{}, err
	}
	r := Result{Package: pkg}
	type lived struct {
		file      string
		line, col int
		typ       string
	}
	var survivors []lived
	for _, f := range out.Files {
		for _, m := range f.Mutations {
			switch m.Status {
			case "KILLED":
				r.Killed++
			case "LIVED":
				r.Lived++
				survivors = append(survivors, lived{f.Name, m.Line, m.Column, m.Type})
			case "TIMED OUT":
				r.TimedOut++
			case "NOT VIABLE":
				r.NotViable++
			case "NOT COVERED":
				r.NotCovered++
			default:
				return Result{}, fmt.Errorf("%s:%d:%d: unknown status %q (not a finished gremlins run?)", f.Name, m.Line, m.Column, m.Status)
			}
		}
	}
	slices.SortFunc(survivors, func(a, b lived) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.line, b.line), cmp.Compare(a.col, b.col), cmp.Compare(a.typ, b.typ))
	})
	for _, l := range survivors {
		r.Survivors = append(r.Survivors, fmt.Sprintf("%s:%d:%d %s", l.file, l.line, l.col, l.typ))
	}
	return r, nil
}

// Format prints a table of the results, then each package's survivors.
func Format(results []Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-24s %6s %6s %9s %10s %11s %9s\n", "package", "killed", "lived", "timed out", "not viable", "not covered", "efficacy")
	for _, r := range results {
		fmt.Fprintf(&b, "%-24s %6d %6d %9d %10d %11d %8.1f%%\n", r.Package, r.Killed, r.Lived, r.TimedOut, r.NotViable, r.NotCovered, r.Efficacy())
	}
	for _, r := range results {
		if len(r.Survivors) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\nlived in %s:\n", r.Package)
		for _, s := range r.Survivors {
			fmt.Fprintf(&b, "  %s\n", s)
		}
	}
	return b.String()
}
