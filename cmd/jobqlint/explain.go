package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/jobqlint/jobqlint/analyzers"
	"github.com/jobqlint/jobqlint/analyzers/rule"
)

// explain prints the records of the named rules, or a list of every rule.
func explain(names []string, stdout, stderr io.Writer) int {
	if len(names) == 0 {
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		for _, r := range analyzers.Rules {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Severity, r.Category, r.Title)
		}
		tw.Flush()
		fmt.Fprintf(stdout, "\njobqlint -explain RULE explains a rule.\n")
		return exitClean
	}
	var rules []*rule.Rule
	for _, name := range names {
		r := analyzers.Lookup(name)
		if r == nil {
			fmt.Fprintf(stderr, "jobqlint: -explain: no rule %q (rules: %s)\n", name, ruleIDs())
			return exitUsage
		}
		rules = append(rules, r)
	}
	for i, r := range rules {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		writeExplanation(stdout, r)
	}
	return exitClean
}

func writeExplanation(w io.Writer, r *rule.Rule) {
	fmt.Fprintf(w, "%s: %s\n", r.ID, r.Title)
	fmt.Fprintf(w, "severity %s, category %s, since %s\n", r.Severity, r.Category, r.Since)
	section := func(title, text string) {
		if text == "" {
			return
		}
		fmt.Fprintf(w, "\n%s\n\n%s", title, indent(text, "    "))
	}
	section("What fails", r.Fails)
	section("Why", r.Why)
	section("What the rule reports and accepts", r.Details)
	section("How to fix it", r.Fix)
	section("Known limits", r.Limits)
	examples := func(title string, files []rule.File) {
		fmt.Fprintf(w, "\n%s\n", title)
		for _, f := range files {
			fmt.Fprintf(w, "\n    %s:\n\n%s", f.Name, indent(f.Data, "        "))
		}
	}
	examples("Reported", r.Bad)
	examples("Not reported", r.Good)
	fmt.Fprintf(w, "\nMore: %s\n", r.URL())
	fmt.Fprintf(w, "Silence one finding: //jobqlint:ignore %s REASON (in SQL: -- jobqlint:ignore %s REASON)\n", r.ID, r.ID)
}

func indent(text, prefix string) string {
	lines := strings.SplitAfter(strings.TrimRight(text, "\n")+"\n", "\n")
	var b strings.Builder
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			b.WriteString(prefix)
		}
		b.WriteString(l)
	}
	return b.String()
}

func ruleIDs() string {
	ids := make([]string, len(analyzers.Rules))
	for i, r := range analyzers.Rules {
		ids[i] = r.ID
	}
	return strings.Join(ids, ", ")
}
