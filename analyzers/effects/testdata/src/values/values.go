// Values the resolver follows to what a string may hold. sink stands for a
// database call: the probe reports what its arguments may hold.
package values

import (
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

var db *sql.DB

func sink(query string, args ...any) {}

func constants() {
	sink("SELECT 1")                       // want `SELECT 1`
	sink("SELECT " + "2")                  // want `SELECT 2`
	sink(fmt.Sprintf("LIMIT %d", len(""))) // want `LIMIT #`
	sink("SELECT $1", strconv.Itoa(3))     // want `SELECT \$1 ; #`
}

// A query assembled in two branches.
func branches(skip bool) {
	q := "SELECT id FROM jobs FOR UPDATE"
	if skip {
		q += " SKIP LOCKED"
	}
	sink(q) // want `SELECT id FROM jobs FOR UPDATE \| SELECT id FROM jobs FOR UPDATE SKIP LOCKED`
}

// A query assembled in a loop is a hole.
func loop(cols []string) {
	q := "SELECT "
	for _, c := range cols {
		q += c
	}
	sink(q) // want `hole: .*loop`
}

type State string

const (
	Queued State = "queued"
	Failed State = "failed"
)

// A typed constant through a helper's parameters, from each call site.
func setState(id int64, s State) {
	sink("UPDATE jobs SET state = $1 WHERE id = $2", s, id) // want `UPDATE jobs SET state = \$1 WHERE id = \$2 ; failed@1 \| queued@2 ; hole: not a string`
}

func finish(attempts int) {
	if attempts >= 3 {
		setState(1, Failed)
		return
	}
	setState(1, Queued)
	setState(2, Queued)
}

// An exported function's parameter may come from anywhere.
func Exported(q string) {
	sink(q) // want `hole: parameter q of exported Exported`
}

// A column list built with strings.Join in a package variable.
var columns = strings.Join([]string{"id", "kind", "payload"}, ", ")

var selectJobs = "SELECT " + columns + " FROM jobs"

func join() {
	sink(selectJobs) // want `SELECT {columns=id, kind, payload} FROM jobs`
}

// ReplaceAll over a constant template.
var template = strings.ReplaceAll("SELECT * FROM {t} WHERE {t}.id = $1", "{t}", "jobs")

func replace() {
	sink(template) // want `{template=SELECT \* FROM jobs WHERE jobs.id = \$1}`
}

// A package variable written outside its initializer is a hole.
var reassigned = "SELECT 1"

func setReassigned() { reassigned = "SELECT 2" }

func readReassigned() {
	sink(reassigned) // want `{reassigned: package variable reassigned written outside its initializer}`
}

// Query strings in a named struct's fields: every store in the package.
type queries struct {
	claim string
	lock  string
}

func newQueries(skip bool) *queries {
	q := &queries{claim: "SELECT id FROM jobs"}
	q.lock = "FOR UPDATE"
	if skip {
		q.lock = "FOR UPDATE SKIP LOCKED"
	}
	return q
}

func (q *queries) run() {
	sink(q.claim + " " + q.lock) // want `{claim=SELECT id FROM jobs} {lock=FOR UPDATE} \| {claim=SELECT id FROM jobs} {lock=FOR UPDATE SKIP LOCKED}`
}

// An anonymous struct of queries in a package variable.
var stmts = struct {
	poll, take string
}{
	poll: "SELECT id FROM jobs LIMIT 1",
	take: "UPDATE jobs SET state = 'running' WHERE id = $1",
}

func anonymous() {
	sink(stmts.poll) // want `{poll=SELECT id FROM jobs LIMIT 1}`
	sink(stmts.take) // want `{take=UPDATE jobs SET state = 'running' WHERE id = \$1}`
}

// A table name in a field, set from an exported constructor's parameter:
// its value is out of sight, and the part keeps the field's identity.
type Queue struct {
	table string
}

func NewQueue(table string) *Queue { return &Queue{table: table} }

func (q *Queue) poll() {
	sink("SELECT id FROM " + q.table) // want `SELECT id FROM {table: struct field Queue.table \(parameter table of exported NewQueue\)}`
}

// A table name quoted by a package helper and by pgx.Identifier.
func quote(name string) string { return pgx.Identifier{"public", name}.Sanitize() }

func quoted() {
	sink("SELECT id FROM " + quote("jobs")) // want `SELECT id FROM "public"."jobs"`
}

// A closure's free variable.
func closure() {
	q := "DELETE FROM jobs WHERE id = $1"
	run := func() { sink(q) } // want `DELETE FROM jobs WHERE id = \$1`
	run()
}

// A helper's result, its parameter bound at the call.
func table(name string) string { return "public." + name }

func helper() {
	sink("SELECT 1 FROM " + table("jobs"))   // want `SELECT 1 FROM public.jobs`
	sink("SELECT 1 FROM " + table("events")) // want `SELECT 1 FROM public.events`
}

// Recursion is a hole.
func nested(n int) string {
	if n == 0 {
		return "x"
	}
	return "(" + nested(n-1) + ")"
}

func recursive() {
	sink(nested(2)) // want `hole: loop`
}

// A lease deadline from the clock: not a string, a hole.
func lease(d time.Duration) {
	sink("UPDATE jobs SET locked_until = $1", time.Now().Add(d)) // want `UPDATE jobs SET locked_until = \$1 ; hole: the result of Add`
}

func scan(dst ...any) {}

// A variable whose address is passed on may hold anything.
func addressTaken() {
	var id string
	scan(&id)
	sink("SELECT $1", id) // want `SELECT \$1 ; hole: a variable whose address is passed on`
}

// So may a field whose address is passed on.
type config struct{ table string }

func (c *config) load() { scan(&c.table) }

func (c *config) query() {
	sink("SELECT 1 FROM " + c.table) // want `SELECT 1 FROM {table: struct field config.table written through its address}`
}

// A VALUES list of one group of bind parameters per row, joined with
// commas, reads as one group: the rows are one statement's, however many.
func batchInsert(kinds []string) {
	var groups []string
	var args []any
	for _, k := range kinds {
		n := len(args)
		groups = append(groups, fmt.Sprintf("($%d, $%d)", n+1, n+2))
		args = append(args, k, "{}")
	}
	sink(fmt.Sprintf("INSERT INTO jobs (kind, payload) VALUES %s", strings.Join(groups, ", ")), args...) // want `INSERT INTO jobs \(kind, payload\) VALUES \(\$#, \$#\)`
}

// So does an IN list of parameters made with strconv.Itoa, and a slice
// made empty with make.
func inList(ids []int64) {
	params := make([]string, 0, len(ids))
	for i := range ids {
		params = append(params, "$"+strconv.Itoa(i+1))
	}
	sink("DELETE FROM jobs WHERE id IN (" + strings.Join(params, ",") + ")") // want `DELETE FROM jobs WHERE id IN \(\$#\)`
}

// So does an IN list started as an empty slice literal, or as a literal
// that holds a first parameter.
func inListFromLiteral(states []string) {
	params := []string{}
	args := []any{}
	for i, s := range states {
		params = append(params, fmt.Sprintf("$%d", i+1))
		args = append(args, s)
	}
	sink("SELECT id FROM jobs WHERE status IN ("+strings.Join(params, ", ")+")", args...) // want `SELECT id FROM jobs WHERE status IN \(\$#\)`
	first := []string{"$1"}
	for i := range states {
		first = append(first, fmt.Sprintf("$%d", i+2))
	}
	sink("SELECT id FROM jobs WHERE status IN (" + strings.Join(first, ", ") + ")") // want `SELECT id FROM jobs WHERE status IN \(\$1\) \| SELECT id FROM jobs WHERE status IN \(\$#\)`
	cols := []string{"id"}
	for _, c := range states {
		cols = append(cols, c)
	}
	sink("SELECT " + strings.Join(cols, ", ") + " FROM jobs") // want `hole: strings.Join over non-constant input \(not a slice literal\)`
}

// A slice that holds anything but parameters stays a hole: a column, a
// condition or a value repeated is other SQL, and so is a list joined
// with AND.
func notParams(columns []string, filters map[string]string) {
	var cols []string
	for _, c := range columns {
		cols = append(cols, c)
	}
	sink("SELECT " + strings.Join(cols, ", ") + " FROM jobs") // want `hole: strings.Join over non-constant input \(not a slice literal\)`
	var conds []string
	for k := range filters {
		conds = append(conds, fmt.Sprintf("%s = $%d", k, len(conds)+1))
	}
	sink("SELECT id FROM jobs WHERE " + strings.Join(conds, ", ")) // want `hole: strings.Join over non-constant input \(not a slice literal\)`
	var and []string
	for i := range columns {
		and = append(and, "$"+strconv.Itoa(i+1))
	}
	sink("SELECT id FROM jobs WHERE " + strings.Join(and, " AND ")) // want `hole: strings.Join over non-constant input \(not a slice literal\)`
	var state []string
	for range columns {
		state = append(state, "($1, 'queued')")
	}
	sink("INSERT INTO jobs (kind, state) VALUES " + strings.Join(state, ", ")) // want `hole: strings.Join over non-constant input \(not a slice literal\)`
	var ones, nums []string
	for i := range columns {
		ones = append(ones, "1")
		nums = append(nums, strconv.Itoa(i))
	}
	sink("SELECT id FROM jobs WHERE priority IN (" + strings.Join(ones, ",") + ")") // want `hole: strings.Join over non-constant input \(not a slice literal\)`
	sink("SELECT id FROM jobs WHERE priority IN (" + strings.Join(nums, ",") + ")") // want `hole: strings.Join over non-constant input \(not a slice literal\)`
	grown := append([]string(nil), columns...)
	for range columns {
		grown = append(grown, "$1")
	}
	sink("SELECT id FROM jobs WHERE id IN (" + strings.Join(grown, ", ") + ")") // want `hole: strings.Join over non-constant input \(not a slice literal\)`
}

// A parameter position in text a replacement runs over stays one, when
// the old string has no digit to match across it.
func replacedPositions(kinds []string) {
	var groups []string
	for i := range kinds {
		groups = append(groups, fmt.Sprintf("($%d)", i+1))
	}
	q := "INSERT INTO {table} (kind) VALUES " + strings.Join(groups, ", ")
	sink(strings.ReplaceAll(q, "{table}", "jobs"))                                                          // want `INSERT INTO jobs \(kind\) VALUES \(\$#\)`
	sink(strings.NewReplacer("{table}", "jobs", "VALUES", "values").Replace(q))                             // want `INSERT INTO jobs \(kind\) values \(\$#\)`
	sink(strings.ReplaceAll(q, "$1", "$2"))                                                                 // want `hole: strings.ReplaceAll over non-constant input`
	sink(strings.NewReplacer("{table}", "jobs", "$1", "$2").Replace(q))                                     // want `hole: strings.Replacer over non-constant input`
	sink(strings.ReplaceAll(fmt.Sprintf("SELECT id FROM {table} LIMIT %d", len(kinds)), "{table}", "jobs")) // want `hole: strings.ReplaceAll over non-constant input`
}

type docket struct{ table string }

func NewDocket(table string) *docket { return &docket{table: table} }

// A second replacement runs over a name the first put in, when its old
// string starts and ends with what no name has: no match can reach into
// the name.
func (d *docket) insert(skip bool) {
	q := strings.ReplaceAll("INSERT INTO {table} (kind) VALUES ($1) --ON_CONFLICT--", "{table}", d.table)
	if skip {
		q = strings.ReplaceAll(q, "--ON_CONFLICT--", "ON CONFLICT DO NOTHING")
	}
	sink(q)                                           // want `INSERT INTO {table: struct field docket.table \(parameter table of exported NewDocket\)} \(kind\) VALUES \(\$1\) --ON_CONFLICT-- \| INSERT INTO {table: struct field docket.table \(parameter table of exported NewDocket\)} \(kind\) VALUES \(\$1\) ON CONFLICT DO NOTHING`
	sink(strings.ReplaceAll(q, "(kind) ", "(type) ")) // want `INSERT INTO {table: .*} \(type\) VALUES \(\$1\) --ON_CONFLICT-- \| INSERT INTO {table: .*} \(type\) VALUES \(\$1\) ON CONFLICT DO NOTHING`
	sink(strings.ReplaceAll(q, "kind)", "type)"))     // want `hole: strings.ReplaceAll over non-constant input`
	sink(strings.ReplaceAll(q, "(kind", "(type"))     // want `hole: strings.ReplaceAll over non-constant input`
}

// A field of a struct the function makes holds what the function stores
// into it before the read; the package also scans into that field of
// other tasks, which changes nothing here.
type task struct {
	ID     int64
	Status string
}

func (t *task) scan(row *sql.Row) error { return row.Scan(&t.ID, &t.Status) }

func createTask(later bool, row *sql.Row) *task {
	status := "pending"
	if later {
		status = "scheduled"
	}
	t := &task{Status: status}
	sink("INSERT", t.Status) // want `INSERT ; pending \| scheduled`
	row.Scan(&t.ID, &t.Status)
	return t
}

// Handed to code that may change it before the read, the field is the
// package's field again, which a Scan writes.
func taskHandedOn(row *sql.Row) {
	t := &task{Status: "pending"}
	t.scan(row)
	sink("INSERT", t.Status) // want `INSERT ; {Status: struct field task.Status written through its address}`
}

// Set on one path only, the field may still hold its zero value.
func taskSetOnOnePath(later bool) {
	t := &task{}
	if later {
		t.Status = "scheduled"
	}
	sink("INSERT", t.Status) // want `INSERT ; {Status: struct field task.Status written through its address}`
}

// Its address scanned into inside a loop, before the next read.
func taskInLoop(rows *sql.Rows) {
	t := &task{Status: "pending"}
	for rows.Next() {
		sink("INSERT", t.Status) // want `INSERT ; {Status: struct field task.Status written through its address}`
		rows.Scan(&t.Status)
	}
}

const jobColumns = `
	id,
	kind,
	payload`

// strings.TrimSpace over known text trims it, also under a ReplaceAll
// that prefixes each column (the RETURNING list of a claim).
func trimmedColumns(name string) {
	sink(strings.TrimSpace(jobColumns))                                                          // want `id,\n\tkind,\n\tpayload`
	sink("RETURNING j." + strings.ReplaceAll(strings.TrimSpace(jobColumns), ",\n\t", ",\n\tj.")) // want `RETURNING j.id,\n\tj.kind,\n\tj.payload`
	sink(strings.TrimSpace("  SELECT 1  "))                                                      // want `^SELECT 1$`
	sink(strings.TrimSpace(" SELECT " + name + " "))                                             // want `hole: parameter name of trimmedColumns, which nothing calls`
}
