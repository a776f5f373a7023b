// Package rulesdoc renders the rules' records as Markdown: docs/rules.md,
// and the rule table of the README (between its markers). The generator in
// ./gen writes both (go generate ./analyzers); the test keeps them current.
package rulesdoc

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/jobqlint/jobqlint/analyzers/rule"
)

// The README's generated table sits between these lines.
const (
	BeginTable = "<!-- rules table: generated from the rules' records by `go generate ./analyzers`; do not edit -->"
	EndTable   = "<!-- end of rules table -->"
)

// Table is the rule table, one row a rule, linking to docs/rules.md from
// linkBase ("docs/rules.md" in the README, "" in docs/rules.md itself).
func Table(rules []*rule.Rule, linkBase string) string {
	var b strings.Builder
	b.WriteString("| rule | severity | category | what fails |\n|---|---|---|---|\n")
	for _, r := range rules {
		fmt.Fprintf(&b, "| [%s](%s#%s) | %s | %s | %s |\n", r.ID, linkBase, r.ID, r.Severity, r.Category, oneLine(r.Fails))
	}
	return b.String()
}

// Markdown is docs/rules.md: every rule's record in full.
func Markdown(rules []*rule.Rule) []byte {
	var b bytes.Buffer
	b.WriteString("# jobqlint rules\n\n")
	b.WriteString("Generated from each rule's record (`analyzers/RULE/rule.txtar`) by `go generate ./analyzers`; do not edit.\n")
	b.WriteString("`jobqlint -explain RULE` prints the same text. Silence one finding with `//jobqlint:ignore RULE reason`\n")
	b.WriteString("(Go) or `-- jobqlint:ignore RULE reason` (SQL) on its line or the line above.\n\n")
	b.WriteString(Table(rules, ""))
	for _, r := range rules {
		fmt.Fprintf(&b, "\n## %s\n\n", r.ID)
		fmt.Fprintf(&b, "%s. Severity **%s**, category %s, since %s.\n", capitalize(r.Title), r.Severity, r.Category, r.Since)
		section := func(title, text string) {
			if text != "" {
				fmt.Fprintf(&b, "\n**%s.** %s\n", title, strings.TrimSpace(text))
			}
		}
		section("What fails", r.Fails)
		section("Why", r.Why)
		section("How to fix it", r.Fix)
		if r.Details != "" {
			fmt.Fprintf(&b, "\n### What %s reports and accepts\n\n%s\n", r.ID, strings.TrimSpace(r.Details))
		}
		if r.Limits != "" {
			fmt.Fprintf(&b, "\n### Known limits of %s\n\n%s\n", r.ID, strings.TrimSpace(r.Limits))
		}
		examples(&b, "Reported", r.Bad)
		examples(&b, "Not reported", r.Good)
	}
	return b.Bytes()
}

func examples(b *bytes.Buffer, title string, files []rule.File) {
	fmt.Fprintf(b, "\n**%s:**\n", title)
	for _, f := range files {
		lang := strings.TrimPrefix(path.Ext(f.Name), ".")
		fmt.Fprintf(b, "\n`%s`\n\n```%s\n%s\n```\n", f.Name, lang, strings.TrimRight(f.Data, "\n"))
	}
}

// SpliceTable replaces the table between the README's markers.
func SpliceTable(readme []byte, table string) ([]byte, error) {
	begin := bytes.Index(readme, []byte(BeginTable))
	end := bytes.Index(readme, []byte(EndTable))
	if begin < 0 || end < begin {
		return nil, errors.New("the README lacks the rules table markers")
	}
	var out bytes.Buffer
	out.Write(readme[:begin+len(BeginTable)])
	out.WriteString("\n" + table)
	out.Write(readme[end:])
	return out.Bytes(), nil
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
