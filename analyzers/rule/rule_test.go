package rule_test

import (
	"strings"
	"testing"

	_ "github.com/jobqlint/jobqlint/analyzers" // declares the rule set, for directives that name no rule
	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/analyzers/timestamptz"
)

func TestIgnoreInGo(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "goignore")
}

func TestIgnoreInSQL(t *testing.T) {
	ruletest.Run(t, timestamptz.Analyzer, "sqlignore")
}

// Where the package cannot know whether a directive is used, it is silent.
func TestIgnoreUnknowableIsSilent(t *testing.T) {
	ruletest.Run(t, timestamptz.Analyzer, "noqueue")
}

func TestDiagnosticsCarryTheRecord(t *testing.T) {
	for _, res := range ruletest.Run(t, claimrace.Analyzer, "goignore") {
		for _, d := range res.Diagnostics {
			if d.Category != "concurrency" || d.URL != rule.DocsURL+"#claimrace" {
				t.Errorf("diagnostic %q: category %q, URL %q", d.Message, d.Category, d.URL)
			}
		}
	}
	if claimrace.Analyzer.Name != "claimrace" || !strings.HasPrefix(claimrace.Analyzer.Doc, claimrace.Rule.Title+"\n") {
		t.Errorf("analyzer not derived from the record: %q %q", claimrace.Analyzer.Name, claimrace.Analyzer.Doc)
	}
}

func TestParseRejectsIncompleteRecords(t *testing.T) {
	for name, src := range map[string]string{
		"missing sections": "id: x\ntitle: t\nseverity: minor\ncategory: c\nsince: v0.1.0\n-- fails --\nf\n",
		"bad severity":     "id: x\ntitle: t\nseverity: blocker\ncategory: c\nsince: v0.1.0\n-- fails --\nf\n-- why --\nw\n-- fix --\nx\n-- bad/q.go --\npackage q\n-- good/q.go --\npackage q\n",
		"unknown key":      "id: x\nowner: me\n",
		"unknown section":  "id: x\n-- notes --\nn\n",
		"verb title":       "id: x\ntitle: report things\nseverity: minor\ncategory: c\nsince: v0.1.0\n-- fails --\nf\n-- why --\nw\n-- fix --\nx\n-- bad/q.go --\npackage q\n-- good/q.go --\npackage q\n",
	} {
		if _, err := rule.Parse([]byte(src)); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
	r, err := rule.Parse([]byte("id: x\ntitle: t\nseverity: minor\ncategory: c\nsince: v0.1.0\n-- fails --\nf\n-- why --\nw\n-- fix --\nx\n-- limits --\nl\n-- bad/q.go --\npackage q\n-- bad/1.sql --\nSELECT 1;\n-- good/q.go --\npackage q\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Bad) != 2 || r.Bad[1].Name != "1.sql" || r.Good[0].Data != "package q\n" || r.Limits != "l" || r.URL() != rule.DocsURL+"#x" {
		t.Errorf("parsed %+v", r)
	}
}

// A rule split out of another names the other's ID as an alias.
func TestParseAliases(t *testing.T) {
	r, err := rule.Parse([]byte("id: x\ntitle: t\nseverity: minor\ncategory: c\nsince: v0.1.0\naliases: lease, old\n-- fails --\nf\n-- why --\nw\n-- fix --\nx\n-- bad/q.go --\npackage q\n-- good/q.go --\npackage q\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Aliases) != 2 || r.Aliases[0] != "lease" || r.Aliases[1] != "old" {
		t.Errorf("aliases %q", r.Aliases)
	}
}
