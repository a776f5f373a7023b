package rule

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/txtar"
)

// DocsURL is where docs/rules.md is published; each rule has an anchor there.
const DocsURL = "https://github.com/jobqlint/jobqlint/blob/main/docs/rules.md"

// Severities, most severe first.
var Severities = []string{"critical", "major", "minor"}

// A Record documents one rule.
//
// It is written as a txtar archive: the archive's comment holds "key: value"
// lines (id, title, severity, category, since, and optionally aliases), its
// files the prose sections ("fails", "why", "details", "fix", "limits") and
// the examples ("bad/NAME", "good/NAME"; a Go file and, where the rule
// reads the schema, migrations).
type Record struct {
	ID       string // the rule's stable name: the analyzer's name and the public rule ID
	Title    string // a noun phrase naming what the rule finds: "claims two workers can win at the same time"
	Severity string // one of Severities
	Category string // the kind of defect: concurrency, correctness, reliability, ...
	Since    string // the jobqlint version that introduced the rule
	// Aliases are other rule IDs that also name this rule's findings, in
	// directives, configurations and baselines: the ID of the rule a check
	// was part of before it had its own.
	Aliases []string

	Fails   string // what fails in production, in a sentence or two
	Why     string // why it fails
	Details string // what the rule reports and what it accepts
	Fix     string // how to fix a finding
	Limits  string // what the rule cannot see or judge: its known limits, a paragraph each

	Bad  []File // a design the rule reports
	Good []File // the same design, fixed; the rule reports nothing
}

// A File is one file of an example.
type File struct {
	Name string
	Data string
}

// URL is the rule's section of docs/rules.md.
func (r *Record) URL() string { return DocsURL + "#" + r.ID }

// Parse reads a record from its txtar form.
func Parse(data []byte) (*Record, error) {
	ar := txtar.Parse(data)
	r := new(Record)
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("header line %q: want key: value", line)
		}
		value = strings.TrimSpace(value)
		switch strings.TrimSpace(key) {
		case "id":
			r.ID = value
		case "title":
			r.Title = value
		case "severity":
			r.Severity = value
		case "category":
			r.Category = value
		case "since":
			r.Since = value
		case "aliases":
			r.Aliases = strings.FieldsFunc(value, func(c rune) bool { return c == ',' || c == ' ' })
		default:
			return nil, fmt.Errorf("unknown header key %q", key)
		}
	}
	for _, f := range ar.Files {
		text := strings.TrimSpace(string(f.Data))
		switch dir, name := path.Split(f.Name); {
		case f.Name == "fails":
			r.Fails = text
		case f.Name == "why":
			r.Why = text
		case f.Name == "details":
			r.Details = text
		case f.Name == "fix":
			r.Fix = text
		case f.Name == "limits":
			r.Limits = text
		case dir == "bad/":
			r.Bad = append(r.Bad, File{name, string(f.Data)})
		case dir == "good/":
			r.Good = append(r.Good, File{name, string(f.Data)})
		default:
			return nil, fmt.Errorf("unknown section %q", f.Name)
		}
	}
	return r, r.check()
}

func (r *Record) check() error {
	var missing []string
	for name, v := range map[string]string{"id": r.ID, "title": r.Title, "severity": r.Severity, "category": r.Category,
		"since": r.Since, "fails": r.Fails, "why": r.Why, "fix": r.Fix} {
		if v == "" {
			missing = append(missing, name)
		}
	}
	if len(r.Bad) == 0 {
		missing = append(missing, "bad/")
	}
	if len(r.Good) == 0 {
		missing = append(missing, "good/")
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return fmt.Errorf("record %q lacks %s", r.ID, strings.Join(missing, ", "))
	}
	if strings.HasPrefix(strings.ToLower(r.Title), "report ") {
		return fmt.Errorf("record %q: the title names what the rule finds, without \"report\": %q", r.ID, r.Title)
	}
	if !slices.Contains(Severities, r.Severity) {
		return fmt.Errorf("record %q: severity %q is not one of %s", r.ID, r.Severity, strings.Join(Severities, ", "))
	}
	return nil
}
