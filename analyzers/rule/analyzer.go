package rule

import (
	"go/token"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A Rule is a documented analyzer.
type Rule struct {
	*Record
	Analyzer *analysis.Analyzer

	run func(*analysis.Pass) (any, error)
}

// New makes a rule of an analyzer and its record (rule.txtar): it names the
// analyzer after the record, derives its Doc and URL from it, makes sure it
// requires the queue model, and routes its diagnostics through the shared
// report function. It panics if the record is malformed.
func New(record []byte, a *analysis.Analyzer) *Rule {
	rec, err := Parse(record)
	if err != nil {
		panic("jobqlint: " + err.Error())
	}
	r := &Rule{Record: rec, Analyzer: a, run: a.Run}
	a.Name = rec.ID
	a.Doc = rec.Title + "\n\n" + rec.Fails
	a.URL = rec.URL()
	if !slices.Contains(a.Requires, queuemodel.Analyzer) {
		a.Requires = append(a.Requires, queuemodel.Analyzer)
	}
	if len(rec.Aliases) > 0 {
		if a.ResultType != nil {
			panic("jobqlint: rule " + rec.ID + " has aliases and a result of its own")
		}
		a.ResultType = reflect.TypeFor[*AliasUse]()
	}
	a.Run = r.runPass
	return r
}

// AliasUse is the result of a rule with aliases: the directives of the
// package that silenced one of its findings by an alias alone (a
// `jobqlint:ignore lease` on a sigterm finding). The rule an alias names
// requires the aliasing rule's analyzer and does not report those
// directives as suppressing nothing.
type AliasUse struct {
	used map[directiveKey]bool
}

type directiveKey struct {
	file   string
	offset int
}

// aliasUses gathers, from the rules this pass requires, the directives
// they used through an alias that is this rule's ID.
func (r *Rule) aliasUses(pass *analysis.Pass) map[directiveKey]bool {
	out := map[directiveKey]bool{}
	for _, res := range pass.ResultOf {
		if u, ok := res.(*AliasUse); ok && u != nil {
			for k := range u.used {
				out[k] = true
			}
		}
	}
	return out
}

// PrefixMessages makes every message start with "RULE: ". The jobqlint
// driver sets it under go vet, whose text output prints positions and
// messages but not analyzer names, so that the reader knows which rule to
// read up on or name in //jobqlint:ignore. (golangci-lint adds the prefix
// itself, and the standalone driver prints the rule in its own column.)
var PrefixMessages bool

// ruleSet is the set of rules of the driver, for reporting directives that
// name an unknown rule; see SetRuleSet.
var ruleSet []string

// SetRuleSet declares the IDs of every rule the driver has, whether it
// runs them or not. Without it, directives naming an unknown rule go
// unreported (a rule alone cannot know its siblings).
func SetRuleSet(ids []string) { ruleSet = slices.Clone(ids) }

// RuleSet returns the IDs SetRuleSet declared.
func RuleSet() []string { return slices.Clone(ruleSet) }

func (r *Rule) runPass(pass *analysis.Pass) (any, error) {
	res, used, err := r.runSession(pass)
	if len(r.Aliases) > 0 {
		return &AliasUse{used: used}, err
	}
	return res, err
}

func (r *Rule) runSession(pass *analysis.Pass) (any, map[directiveKey]bool, error) {
	if disabled[r.ID] {
		return nil, nil, nil
	}
	if m, _ := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model); m != nil && m.Dependency() {
		// go vet runs a rule with facts on every dependency, for the facts
		// alone: nothing there is reported, and no directive is read.
		res, err := r.run(pass)
		return res, nil, err
	}
	s := newSession(r, pass)
	inner := *pass
	inner.Report = s.report
	res, err := r.run(&inner)
	if err != nil {
		return res, nil, err
	}
	s.checkDirectives()
	return res, s.usedByAlias, nil
}

// emit reports a diagnostic with the record's category and URL.
func (r *Rule) emit(pass *analysis.Pass, d analysis.Diagnostic) {
	d.Category = r.Category
	if d.URL == "" {
		d.URL = r.URL()
	}
	clause, detail, _ := strings.Cut(d.Message, "\n")
	if !DetailInMessage {
		d.Message = clause
	}
	if PrefixMessages && !strings.HasPrefix(d.Message, r.ID+": ") {
		d.Message = r.ID + ": " + d.Message
	}
	if detail != "" {
		details.Store(detailKeyOf(pass.Fset, r.ID, d), detail)
	}
	pass.Report(d)
}

// MaxClause is the longest first clause a message may have, in
// characters: the one line go vet and golangci-lint print, which says what
// is wrong. The why and the fix follow the newline.
const MaxClause = 120

// DetailInMessage keeps a message's detail in it, after the newline: the
// rules' tests set it, so that a want asserts the clause, where it ends,
// and the why and the fix.
var DetailInMessage bool

// A rule's message says what is wrong in one clause; the why and the fix
// follow it after a newline. The diagnostic carries the clause (go vet and
// golangci-lint print it alone), and details keeps the rest for the
// drivers that show it (the standalone driver's -v, JSON, SARIF, GitHub
// annotations, rdjsonl), as migrations keeps a fix's migration.
var details sync.Map

type detailKey struct {
	pos, rule, message string
}

func detailKeyOf(fset *token.FileSet, rule string, d analysis.Diagnostic) detailKey {
	return detailKey{fset.Position(d.Pos).String(), rule, d.Message}
}

// Detail returns the why and the fix of a diagnostic a rule reported, or "".
func Detail(fset *token.FileSet, rule string, d analysis.Diagnostic) string {
	if v, ok := details.Load(detailKeyOf(fset, rule, d)); ok {
		return v.(string)
	}
	return ""
}

// disabled holds the rules a configuration turns off where the driver
// cannot leave them out (go vet asks the tool for its flags, and each rule
// has one): their passes report nothing.
var disabled = map[string]bool{}

// Disable turns rules off; see disabled.
func Disable(ids ...string) {
	for _, id := range ids {
		disabled[id] = true
	}
}
