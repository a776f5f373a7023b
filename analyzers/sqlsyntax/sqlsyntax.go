package sqlsyntax

import (
	_ "embed"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
)

//go:embed rule.txtar
var record []byte

// Rule is the sqlsyntax rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires: []*analysis.Analyzer{queuemodel.Analyzer},
	Run:      run,
})

// Analyzer reports the sqlsyntax rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	for _, c := range m.Calls {
		if c.ParseErr == nil || !postgres(m, c) {
			continue
		}
		pass.Report(analysis.Diagnostic{
			Pos: errorPos(c),
			Message: "SQL does not parse: " + c.ParseErr.Msg + "\n" +
				"PostgreSQL rejects this statement when it runs, and every other rule is blind to it; correct the SQL where the parser stopped",
		})
	}
	if m.ReportsSchemaProblems() {
		schema := m.Schema()
		if err := m.SchemaErr(); err != nil {
			return nil, err
		}
		for _, p := range schema.Problems {
			msg := "migration does not parse: " + p.Msg + "\n" +
				"the schema jobqlint checks lacks this statement, and PostgreSQL rejects the migration; correct the SQL where the parser stopped"
			switch {
			case p.Unread:
				msg = "migration cannot be read: " + p.Msg + "\n" +
					"the schema jobqlint checks lacks this file; make it readable, or name the schema with -schema"
			case p.Config:
				msg = "sqlc configuration cannot be read: " + p.Msg + "\n" +
					"jobqlint replays the module's .sql files without telling sqlc's schema and queries from migrations; correct sqlc's configuration"
			}
			pass.Report(analysis.Diagnostic{
				Pos:     m.Pos(p.Loc),
				Message: msg,
			})
		}
	}
	return nil, nil
}

// postgres reports whether the call's SQL goes to PostgreSQL: through pgx,
// or through database/sql in a module whose only driver is PostgreSQL's.
func postgres(m *queuemodel.Model, c *queuemodel.Call) bool {
	return c.API == queuemodel.APIPgx || c.API == queuemodel.APISQL && m.DatabaseSQLIsPostgres()
}

// errorPos is where the parser gave up, when the SQL is one literal whose
// bytes are its value; otherwise the SQL argument itself, or the call when
// an ORM built the SQL.
func errorPos(c *queuemodel.Call) token.Pos {
	if c.SQLExpr == nil {
		return c.Pos()
	}
	lit, ok := ast.Unparen(c.SQLExpr).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return c.SQLExpr.Pos()
	}
	raw := lit.Value[0] == '`'
	if !raw && strings.Contains(lit.Value, `\`) {
		return lit.Pos()
	}
	return lit.Pos() + 1 + token.Pos(c.ParseErr.Offset)
}
