// Package shapes holds the ways real queues build their SQL. The test of
// package effects runs each shape and compares what it returns with what
// the resolver says it may return: every function named Shape* (or method
// named so) is one shape.
package shapes

import (
	"fmt"
	"strings"
)

// A queue whose queries are built once from its table name, by a replacer
// used as a bound method value, and kept in a struct read by methods.
type client struct {
	table string
	q     clientQueries
}

type clientQueries struct {
	claim, complete string
}

const claimTmpl = `UPDATE {t} SET state = '{running}' WHERE id = (SELECT id FROM {t} WHERE state = '{ready}' LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING {t}.id`

func buildQueries(table string) clientQueries {
	r := strings.NewReplacer("{t}", table, "{ready}", "ready", "{running}", "running").Replace
	return clientQueries{
		claim:    r(claimTmpl),
		complete: r(`UPDATE {t} SET state = 'done' WHERE id = $1 AND state = '{running}'`),
	}
}

// NewClient is given its table by code out of sight.
func NewClient(table string) *client {
	return &client{table: table, q: buildQueries(table)}
}

func (c *client) ShapeReplacerClaim() string    { return c.q.claim }
func (c *client) ShapeReplacerComplete() string { return c.q.complete }

// The DDL made from the same parameter as the field.
func (c *client) ShapeDDLFromField() string {
	return "CREATE TABLE IF NOT EXISTS " + Quote(c.table) + " (id bigint PRIMARY KEY, state text NOT NULL)"
}

// Migrate creates the table a client of the same name uses.
func Migrate(table string) string {
	return "CREATE TABLE IF NOT EXISTS " + Quote(table) + " (id bigint)"
}

func ShapeMigrate(table string) string { return Migrate(table) }

// strings.Replacer's rules: old strings compared in argument order at
// each position, left to right, the result never rescanned.
var overlapping = strings.NewReplacer("a", "1", "aa", "2", "{t}", "jobs", "1", "one")

func ShapeReplacerFirstMatch() string { return overlapping.Replace("aaa 1 {t}{t}") }

func ShapeReplacerLongerFirst() string {
	return strings.NewReplacer("aa", "2", "a", "1").Replace("aaa aa a")
}

func ShapeReplacerEmptyOld() string { return strings.NewReplacer("", "-", "é", "e").Replace("aé") }

func ShapeReplaceAllEmptyOld() string { return strings.ReplaceAll("jobs", "", "_") }

func ShapeReplaceCount() string {
	return strings.Replace("SELECT {c}, {c} FROM jobs", "{c}", "id", 1)
}

// Quote is a quoting helper of the module.
func Quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

func ShapeQuoteConst() string { return "SELECT id FROM " + Quote(`we"ird`) }

// QuoteIdentifier quotes a name as pq.QuoteIdentifier does, as modules
// copy it: a name cut at its first NUL.
func QuoteIdentifier(name string) string {
	end := strings.IndexRune(name, 0)
	if end > -1 {
		name = name[:end]
	}
	return `"` + strings.Replace(name, `"`, `""`, -1) + `"`
}

func ShapeQuoteIdentifierConst() string { return "SELECT 1 FROM " + QuoteIdentifier("jobs") }

func ShapeQuoteIdentifierNUL() string { return "SELECT 1 FROM " + QuoteIdentifier("jobs\x00x") }

type consumer struct{ queue string }

// NewConsumer is given its queue by code out of sight.
func NewConsumer(queue string) *consumer { return &consumer{queue: queue} }

func (c *consumer) ShapeQuoteIdentifierField() string {
	return `UPDATE ` + QuoteIdentifier(c.queue) + ` SET locked_until = NULL WHERE id = $1`
}

// fmt.Sprintf's verbs, and explicit argument indexes.
func ShapeSprintf() string {
	return fmt.Sprintf("SELECT %s FROM %q WHERE attempts < %d LIMIT %d", "id", "jobs", 5, 10)
}

func ShapeSprintfIndexedPlain() string {
	return fmt.Sprintf(`CREATE INDEX %[2]s_idx ON %[1]s (run_at); SELECT %[1]s`, "jobs", "jobs")
}

// StateFor picks a state by a switch on its argument.
func StateFor(event string) string {
	switch event {
	case "claim":
		return "running"
	case "finish":
		return "done"
	}
	return "failed"
}

func ShapeSwitchClaim() string {
	return "UPDATE jobs SET state = '" + StateFor("claim") + "' WHERE id = $1"
}

func ShapeSwitchOther() string {
	return "UPDATE jobs SET state = '" + StateFor("crash") + "' WHERE id = $1"
}

func limitFor(n int) string {
	if n > 1 {
		return "LIMIT 10"
	}
	return "LIMIT 1"
}

func ShapeIntCondition() string { return "SELECT id FROM jobs " + limitFor(1) }

var schema = "queue"

// Qualified names a table in the package's schema.
func Qualified(name string) string { return schema + "." + Quote(name) }

type state string

func (s state) String() string { return "state:" + string(s) }

// fmt formats a value with a String method by calling it.
func ShapeSprintfStringer() string { return fmt.Sprintf("SELECT '%s'", state("queued")) }

// A Replace method value kept in a package variable.
var fillStates = strings.NewReplacer("{ready}", "ready", "{done}", "done").Replace

func ShapeReplacerVarMethodValue() string {
	return fillStates("UPDATE jobs SET state = '{done}' WHERE state = '{ready}'")
}

// A replacer, and its Replace method value, kept in a struct's fields.
type renderer struct {
	table string
	r     *strings.Replacer
	fill  func(string) string
}

// NewRenderer is given its table by code out of sight.
func NewRenderer(table string) *renderer {
	r := strings.NewReplacer("{t}", table, "{ready}", "ready")
	return &renderer{table: table, r: r, fill: r.Replace}
}

func (x *renderer) ShapeReplacerField() string {
	return x.r.Replace("SELECT id FROM {t} WHERE state = '{ready}'")
}

func (x *renderer) ShapeReplacerFieldMethodValue() string {
	return x.fill("DELETE FROM {t} WHERE state = '{ready}'")
}
