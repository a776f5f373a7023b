package queuemodel

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/callerargs"
	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqldriver"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// Receiver is what a call site runs its SQL on, which decides how long its
// row locks live.
type Receiver int

const (
	RecvUnknown Receiver = iota // an interface (sqlc's DBTX) that may be either
	RecvPool                    // a pool or *sql.DB: each statement is its own transaction
	RecvConn                    // one connection, autocommit unless the code began a transaction on it
	RecvTx                      // a transaction
	RecvBatch                   // a pgx.Batch, sent later
	RecvStmt                    // a prepared *sql.Stmt
)

func (r Receiver) String() string {
	return [...]string{"unknown", "pool", "conn", "tx", "batch", "stmt"}[r]
}

// Autocommit reports whether a statement run on r commits (and releases its
// row locks) as soon as it returns.
func (r Receiver) Autocommit() bool { return r == RecvPool || r == RecvConn }

// API is the database library a call site uses.
type API int

const (
	APIUnknown API = iota // an interface of the module's own
	APIPgx                // github.com/jackc/pgx/v5 (PostgreSQL for sure)
	APISQL                // database/sql or sqlx (any driver, any database)
)

// A Call is a Go call site that runs SQL.
type Call struct {
	Expr     *ast.CallExpr
	Method   string   // the database method finally called: Exec, QueryRow, Queue...
	Receiver Receiver // what the SQL runs on
	API      API
	Func     ast.Node      // the enclosing *ast.FuncDecl or *ast.FuncLit; nil at package level
	Decl     *ast.FuncDecl // the outermost enclosing function declaration; nil at package level
	Via      *types.Func   // the wrapper the SQL passes through, if any
	Args     []ast.Expr    // the bind arguments after the SQL, in order ($1, $2...); nil when passed as args...

	SQLExpr ast.Expr // the argument holding the SQL
	// SQL is the SQL, when Known. Relations named by Go values read as
	// placeholders (see TableName), numbers spliced into the text as bind
	// parameters (see Spliced). The statements read ? parameters (sqlx's
	// Rebind) and sqlx's :name parameters as $1, $2...
	SQL    string
	Known  bool   // the SQL was resolved
	Unread string // why the SQL could not be read; empty when Known
	// ModuleSQL says the unread SQL is the text of .sql files the
	// package embeds (a migration runner): the module's SQL, which the
	// schema and Model.ModuleStatements read from disk.
	ModuleSQL bool
	ParseErr  *sqlcheck.ParseError
	// Spliced maps the bind parameters that stand for numbers spliced into
	// the SQL text (LIMIT %d) to their Go expressions; Arg returns nil for
	// them.
	Spliced map[int]ast.Expr
	// Function is the schema's function that the SQL does nothing but call
	// (SELECT dequeue($1), CALL reclaim()), when there is one: Stmts are
	// then its body's statements, or none when its body is unread
	// (Function.Unread says why).
	Function *sqlcheck.Function

	Stmts    []*Statement // the DML statements of the SQL, in order
	ScanArgs []ast.Expr   // the arguments of the Scan that reads the result, when there is one
	// ResultChecked says whether the code looks at what the statement
	// affected before going on: the row count (RowsAffected), the error of
	// the Scan of a returned row (pgx.ErrNoRows, sql.ErrNoRows), rows.Next,
	// or a result handed to the caller. A discarded result is unchecked.
	ResultChecked bool

	ddl token.Pos // where SQL text that names relations by placeholders starts
	// atNamed says the call passes pgx.NamedArgs (or another of pgx's
	// rewriters) first: its SQL names parameters @name, none by position.
	atNamed bool
	// variants are the other texts the SQL may be, when it may be one of
	// several (read on SSA): SQL holds the first.
	variants []string
	// unset holds the texts (0 for SQL, i for variants[i-1]) that only a
	// path leaving a string variable at its zero value builds: a parse
	// error there is no finding (effects.Value.Unset).
	unset map[int]bool
	// instr is the SSA call that passes Args, and argBase the index of
	// its argument $1; instr is nil when there is no SSA.
	instr   ssa.CallInstruction
	argBase int
	// spread is the SSA call of a call that passes its parameters as a
	// slice (args...), whose elements Args cannot name; argBase is then
	// the index of the slice.
	spread ssa.CallInstruction
	// ormArgs are, for a statement an ORM or builder chain sends (see
	// ormCall), the SSA values its Go calls pass for $1, $2...: nil where
	// the library binds a value itself or the value is out of sight.
	ormArgs []ssa.Value
	// boundConsts are string constants bound to parameters that Args
	// cannot name (a slice passed as args..., a builder's values), by
	// parameter number.
	boundConsts map[int]string
	// boundSets are the parameters an ORM reader knows to be bound to one
	// of several string constants (ormsql.Statement.Sets).
	boundSets map[int][]ormsql.BoundConst
	// untouched are the columns a statement that writes every column of
	// a row (GORM's Save) writes back as the code read them: the code set
	// nothing there (ormsql.Statement.Written).
	untouched map[string]bool
	// textConsts are, for a call whose texts are chosen with the slice
	// of parameters it passes, the constants each text's slices bind
	// where the texts' differ, by text index (SQL, then variants) and
	// parameter number.
	textConsts map[int]map[int]string
	// stateConsts are, per parameter bound to integer constants of a named
	// type, the Go constant that names each value.
	stateConsts map[int]map[string]*types.Const
	// outside are the views of the call's states that the callers of its
	// exported function give (see callerStates).
	outside []map[int]string
	// outsideAt says, per parameter $n a view binds, which parameter of
	// the call's exported function (or field of it) its callers give.
	outsideAt map[int]callerargs.Pos
}

// Pos is the position of the call site.
func (c *Call) Pos() token.Pos { return c.Expr.Pos() }

// ssaCall is the SSA call of the site, whether it passes its arguments
// one by one or as a slice (args...); nil when there is no SSA.
func (c *Call) ssaCall() ssa.CallInstruction {
	if c.instr != nil {
		return c.instr
	}
	return c.spread
}

// argValue returns the SSA value the call binds to parameter $n, as its
// Go call passes it (conversions kept); nil when out of sight.
func (c *Call) argValue(n int) ssa.Value {
	switch {
	case n < 1:
		return nil
	case c.instr != nil:
		return effects.Arg(c.instr, c.argBase+n-1)
	case n <= len(c.ormArgs):
		return c.ormArgs[n-1]
	}
	return nil
}

// Arg returns the Go expression bound to parameter $n, or nil.
func (c *Call) Arg(n int) ast.Expr {
	if _, spliced := c.Spliced[n]; n < 1 || n > len(c.Args) || spliced {
		return nil
	}
	return c.Args[n-1]
}

// Display rewrites SQL text of the call (a statement, a clause of it) as a
// reader of the Go code knows it: a number spliced into the text shows as
// the Go expression that gives it ({limit}), a table named by a Go value as
// that value ({store.Queue.table}).
func (c *Call) Display(s string) string {
	if len(c.Spliced) > 0 {
		s = bindParamRE.ReplaceAllStringFunc(s, func(p string) string {
			n, err := strconv.Atoi(p[1:])
			e, spliced := c.Spliced[n]
			if err != nil || !spliced {
				return p
			}
			if e == nil {
				return "{…}" // read on SSA, where no Go expression is kept
			}
			if x := types.ExprString(e); len(x) <= maxSplicedShown {
				return "{" + x + "}"
			}
			return "{…}"
		})
	}
	return sqltext.Display(s)
}

// maxSplicedShown is the longest Go expression Display shows in place of a
// spliced number; a longer one would bury the SQL around it.
const maxSplicedShown = 32

var bindParamRE = regexp.MustCompile(`\$[0-9]+\b`)

// Role is what a statement does to the queue.
type Role int

const (
	RoleNone     Role = iota
	RoleEnqueue       // INSERT into a queue table
	RolePoll          // picks the next runnable job(s) without taking them
	RoleClaim         // takes jobs: an UPDATE or DELETE built around a poll, a poll that locks its rows, or the UPDATE by key that follows a poll
	RoleComplete      // records success: a terminal state by key, or a DELETE by key
	RoleFail          // records a terminal failure
	RoleRetry         // makes a failed job runnable again, by key
	RoleReclaim       // returns jobs whose lease expired to the queue
)

func (r Role) String() string {
	return [...]string{"none", "enqueue", "poll", "claim", "complete", "fail", "retry", "reclaim"}[r]
}

// A Statement is one DML statement at a call site, with its role.
type Statement struct {
	*sqlcheck.Stmt
	Call  *Call
	Role  Role
	Polls []*sqlcheck.Stmt // the polls this statement holds (itself, a subquery or a CTE)
	// Step is, for a SELECT poll, the UPDATE that then takes the job it
	// found (the second half of a two-step claim); PolledBy is the reverse.
	Step, PolledBy *Statement
	// ScannedBy is, for a reclaim by key, the SELECT that found the
	// stuck job whose key it binds (see pairScans).
	ScannedBy *Statement
	// BoundAt is, for one view of a statement whose state is bound to a
	// variable that holds one of several constants (state := "done"; if
	// err != nil { state = "failed" }), the Go statements that give the
	// variable this view's value: a rule asks what guards them.
	BoundAt []ast.Node
	// givenAt keeps, per node of BoundAt, the views (one state each) the
	// call there gives the statement: views of one role are merged into
	// one (mergeViews), and a rule that judges one call asks what that
	// call gives (see SucceedsAt).
	givenAt map[ast.Node][]*sqlcheck.Stmt
	// BoundOutside says this view's state is one that callers of the
	// statement's exported function give it, in code the package does
	// not see (see callerViews): what guards that value is out of sight.
	BoundOutside bool
	// Moves are, for an UPDATE that sets the state column with a CASE,
	// what each arm does, with its own role.
	Moves []Move

	// origin is, for one view of a statement whose bound state comes from
	// a set of constants, the statement all its views are read from.
	origin *sqlcheck.Stmt
	// text is the index of the call's text (SQL, then variants) the
	// statement was read from.
	text int
	// savesState says the UPDATE by key writes the state from a field of
	// the caller's struct (see QueueTable.StateFromCaller).
	savesState bool

	// Body is set for a statement of a function body that Call runs, by
	// calling the function or by changing a table with a trigger.
	Body  *Body
	order int // the statement's index in Call.Stmts
}

// A Body places a statement in the function body it comes from.
type Body struct {
	Function *sqlcheck.Function
	Stmt     *sqlcheck.BodyStmt
	At       token.Pos // the statement, in the .sql file or Go string that creates the function
	Trigger  bool      // run by a trigger on a table the Go statement changes
	// args are the values the Go statement passes to the function's
	// parameters; nil when the function is run by another function or a
	// trigger.
	args []sqlcheck.Value
}

// Pos is where a statement is written: its Go call, or its place in a
// function body.
func (st *Statement) Pos() token.Pos {
	if st.Body != nil && st.Body.At.IsValid() {
		return st.Body.At
	}
	return st.Call.Pos()
}

// Related returns, for a statement of a function body, the Go call that
// runs it, as a finding's related position; nil for SQL written in Go.
func (st *Statement) Related() []analysis.RelatedInformation {
	if st.Body == nil {
		return nil
	}
	how := "the Go call that runs " + st.Body.Function.Name + ", which holds this statement"
	if st.Body.Trigger {
		how = "the Go call whose statement fires the trigger that runs " + st.Body.Function.Name
	}
	return []analysis.RelatedInformation{{Pos: st.Call.Pos(), Message: how}}
}

// Arg returns the Go expression bound to parameter $n of the statement, or
// nil: for a function body, $n is the function's parameter, bound to what
// the Go statement passes it.
func (st *Statement) Arg(n int) ast.Expr {
	if st.Body == nil {
		return st.Call.Arg(n)
	}
	if n < 1 || n > len(st.Body.args) || st.Body.args[n-1].Kind != sqlcheck.ValueParam {
		return nil
	}
	return st.Call.Arg(st.Body.args[n-1].Param)
}

// BoundState returns, for one view of a statement whose state column col
// is set from a parameter bound to one of several constants, the SSA
// value the Go call passes for that parameter; nil otherwise.
func (st *Statement) BoundState(col string) ssa.Value {
	if st.origin == nil || st.Body != nil {
		return nil
	}
	for _, a := range st.origin.Set {
		if a.Column == col && a.Value.Kind == sqlcheck.ValueParam {
			return st.Call.argValue(a.Value.Param)
		}
	}
	return nil
}

// BoundValues returns the SSA values the Go call may bind to parameter $n
// (see effects.ArgValues); nil for a function body's statement, or when
// one is out of sight. Of a call whose SQL and arguments are both chosen
// in branches (query, args = A, []any{...} on one path, B, []any{...} on
// the other), only the arguments of the branch that gives the
// statement's text count.
func (st *Statement) BoundValues(n int) []ssa.Value {
	c := st.Call
	call := c.ssaCall()
	if st.Body != nil || call == nil || n < 1 {
		return nil
	}
	return effects.ArgValues(call, c.argBase+n-1, c.textEdges(st.text))
}

// textEdges says, for the text ti of a call whose SQL and arguments are
// chosen in the same branches, which edges of a phi on the way to an
// argument give that text: those whose SQL, at the phi of the same block,
// is that text. Every edge counts for a call of one text.
func (c *Call) textEdges(ti int) func(phi *ssa.Phi, edge int) bool {
	call := c.instr
	if call == nil {
		call = c.spread
	}
	texts := append([]string{c.SQL}, c.variants...)
	sql := effects.Arg(call, c.argBase-1)
	return func(phi *ssa.Phi, edge int) bool {
		p, ok := sql.(*ssa.Phi)
		if !ok || p.Block() != phi.Block() || len(texts) < 2 || ti >= len(texts) {
			return true
		}
		k, ok := p.Edges[edge].(*ssa.Const)
		return ok && k.Value != nil && k.Value.Kind() == constant.String && constant.StringVal(k.Value) == texts[ti]
	}
}

// KeyArg returns, for an UPDATE or DELETE that names its rows by key (id =
// $1), the SSA value the Go call binds to the key; nil otherwise or when it
// is out of sight.
func (st *Statement) KeyArg() ssa.Value {
	if st.Body != nil || st.Call.instr == nil {
		return nil
	}
	n := keyParam(st.Stmt)
	if n < 1 {
		return nil
	}
	return effects.Arg(st.Call.instr, st.Call.argBase+n-1)
}

// ResultChecked reports whether something looks at what the statement
// affected (see Call.ResultChecked): in a function body, the body itself
// (INTO, IF NOT FOUND), or the Go code for the result the function returns.
func (st *Statement) ResultChecked() bool {
	if st.Body == nil {
		return st.Call.ResultChecked
	}
	switch st.Body.Stmt.Result {
	case sqlcheck.ResultChecked:
		return true
	case sqlcheck.ResultReturned:
		return st.Call.ResultChecked && !st.Body.Trigger
	}
	return false
}

// Guards returns the conditions of the branches a statement of a function
// body runs under (IF attempts >= max THEN ...); nil for SQL written in Go.
func (st *Statement) Guards() []string {
	if st.Body == nil {
		return nil
	}
	return st.Body.Stmt.Conds
}

// Before reports whether st runs before o: an earlier call, or an earlier
// statement of the same call (function bodies included), but not one of a
// PL/pgSQL arm that excludes o's (IF ... THEN st ELSE o): the two never
// run on one call.
func (st *Statement) Before(o *Statement) bool {
	if st.Call == o.Call {
		if st.Body != nil && o.Body != nil && st.Body.Function == o.Body.Function && st.Body.Stmt.Exclusive(o.Body.Stmt) {
			return false
		}
		return st.order < o.order
	}
	return st.Call.Pos() < o.Call.Pos()
}

// LockReleased reports whether the row locks a poll takes are released
// before step runs: on an autocommit receiver, as soon as the poll's
// statement returns, unless both are in the body of one function call,
// which runs as one statement.
func LockReleased(poll, step *Statement) bool {
	if poll.Body != nil && step.Body != nil && poll.Call == step.Call {
		return false
	}
	return poll.Call.Receiver.Autocommit()
}

// A QueueTable is a table that some statement uses as a job queue.
type QueueTable struct {
	Name        string   // qualified, "public.jobs"
	StateColumn string   // the column polls filter on and claims write; "" when unknown
	Runnable    []string // the states polls pick jobs in, and jobs are created in (sqlcheck.StateNull for NULL)
	Claimed     []string // the states claims move jobs to (sqlcheck.StateNotNull for any value)
	Statements  []*Statement
	Local       bool // a poll or claim of this package uses it (not only a dependency's)
	Inherited   bool // a dependency of this package polls or claims it

	// HandedOn are the claimed states a second claim takes jobs from (see
	// secondStage): a dispatcher's, whose holder never records an outcome.
	HandedOn []string

	nullState bool // jobs are runnable while the state column is NULL (locked_at IS NULL)
	// taken is the state a compare-and-set by key takes jobs to, on a
	// table no statement polls (see takenByKey); "" otherwise.
	taken string
	// takenFrom is the states that compare-and-set takes jobs from.
	takenFrom []string
	// takenBlind is the UPDATE by key that takes jobs with no re-check of
	// their state (see takenUnchecked); nil otherwise.
	takenBlind *Statement
	// names are the Go constants that name the states of a state column
	// coded as integers, by value.
	names map[string]*types.Const
	// relayMarks are, for a relay queue, the UPDATEs by key that mark
	// what each of its polls found (see relay.go); nil otherwise.
	relayMarks map[*Statement][]*Statement
	// relayAtCallers are the relay's polls split over a store's functions
	// that only other packages of the module call: each caller that runs
	// the poll and then the mark is judged where it calls them (see
	// relayCalled).
	relayAtCallers map[*Statement]bool
	// DueColumn is, for a due-time queue (see due.go), the time column
	// its polls read due rows by (the first of DueColumns); "" otherwise.
	DueColumn string
	// DueColumns are, for a due-time queue, every time column its polls
	// read due rows by: several when a row is due once any of them is
	// (see dueColumns).
	DueColumns []string
	// due are, for a due-time queue, the takes of what each poll read.
	due map[*Statement][]DueTake
	// dueOnly says no other statement made the table a queue.
	dueOnly bool
}

// Model is the result of the queuemodel pass: the package's SQL and queue.
type Model struct {
	Calls  []*Call
	Tables map[string]*QueueTable // queue tables by qualified name

	schema    *schemaState
	rootPath  string // the module's path (see CallerArgs)
	files     *fileMap
	loops     *callGraph
	inspector *inspector.Inspector
	paths     map[*Statement]*ClaimPath // see ClaimPathOf
	splits    []*SplitClaim             // see SplitClaims
	halves    map[*types.Func]*Half     // the package's halves, its forwarders' included
	far       []*FarSplit               // see FarSplits
	// splitReclaims are the reclaims joined from other packages' halves
	// (see SplitReclaims).
	splitReclaims []*SplitReclaim
	// reclaimHalves are the package's halves of reclaims, by table (see
	// JoinedElsewhere).
	reclaimHalves map[string]*reclaimHalves
	// recordWrites are the package's record writes, and records the job
	// records of its workers (see jobrecord.go).
	recordWrites map[*types.Func]*RecordWrite
	records      []*JobRecord
	runners      map[*types.Func]*RecordRunner // see RecordRunners

	goDDL      []*sqlcheck.Source // DDL run from Go that names tables by placeholders
	modelDDL   []*sqlcheck.Source // tables GORM's AutoMigrate creates from the module's models (see findModelDDL)
	dependency bool               // see Dependency
	effects    *effects.Effects
	extended   sync.Once
	extension  *sqlcheck.Schema
	ownOnce    sync.Once
	own        []*sqlcheck.Stmt // see ModuleStatements
}

// Dependency reports whether the package is code the module depends on
// (the standard library, a required module) rather than its own: its model
// is empty, and rules neither report nor export facts there.
func (m *Model) Dependency() bool { return m.dependency }

// Inspector returns the inspector of the package's syntax, built once for
// the model and the rules (the inspect pass would build it for every
// dependency too).
func (m *Model) Inspector() *inspector.Inspector { return m.inspector }

// Schema returns the replayed schema of the module, or nil when the module
// has no migrations the tool could find.
// Tables that Go code creates under placeholder names (CREATE TABLE %s run
// through Exec, here or in a dependency) are part of it, and so are those
// GORM's AutoMigrate creates from models this package sees.
func (m *Model) Schema() *sqlcheck.Schema {
	base := m.schema.get()
	if len(m.goDDL) == 0 && len(m.modelDDL) == 0 {
		return base
	}
	m.extended.Do(func() { m.extension = extend(base, slices.Concat(m.goDDL, m.modelDDL)) })
	return m.extension
}

// GoDDL returns the DDL that Go code of this package or its dependencies
// runs under placeholder names (CREATE TABLE %s), as schema sources: what
// Schema adds to the migrations.
func (m *Model) GoDDL() []*sqlcheck.Source { return m.goDDL }

// DisplayName is a qualified table name as a reader knows it: a name
// from a Go value shown as that value.
func DisplayName(name string) string { return sqltext.Display(name) }

// TableName is how a finding names a table: without the public schema, and
// with a table named by a Go value shown as that value ({store.Queue.table}).
func TableName(name string) string {
	return sqltext.Display(strings.TrimPrefix(name, "public."))
}

// SchemaSources says which schema sources the module's schema was
// replayed from and which were set aside, and why (see
// sqlcheck.ModuleFiles.Sources). It loads the schema.
func (m *Model) SchemaSources() []sqlcheck.SourceUse {
	if s := m.schema.get(); s != nil {
		return s.Sources
	}
	return nil
}

// SchemaErr is the error loading the schema from -schema paths, if any.
func (m *Model) SchemaErr() error { m.schema.get(); return m.schema.err }

// QueueTables returns the queue tables in name order.
func (m *Model) QueueTables() []*QueueTable {
	out := make([]*QueueTable, 0, len(m.Tables))
	for _, t := range m.Tables {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// ReportsSchemaOf reports whether this package is the one that reports the
// schema findings of a queue table: it polls or claims the table itself and
// no package it depends on does. Every package of a run computes the same
// answer, so in go vet (a process per package) each finding appears once.
func (m *Model) ReportsSchemaOf(t *QueueTable) bool { return t.Local && !t.Inherited }

// ReportsAnySchema reports whether this package reports the schema
// findings of some queue table (see ReportsSchemaOf). A package that only
// inherits its queues, or has none, loads no schema for them.
func (m *Model) ReportsAnySchema() bool {
	for _, t := range m.Tables {
		if m.ReportsSchemaOf(t) {
			return true
		}
	}
	return false
}

// DatabaseSQLIsPostgres reports whether the module's database/sql (and
// sqlx) code can only talk to PostgreSQL: it imports a PostgreSQL driver
// and no other database's (see package sqldriver).
func (m *Model) DatabaseSQLIsPostgres() bool {
	return m.schema.root != "" && sqldriver.Of(m.schema.root).OnlyPostgres()
}

// ReportsSchemaProblems reports whether this package reports the problems of
// the schema itself (SQL files that do not parse): it reports the schema of
// some queue table, and no dependency polls any queue table.
func (m *Model) ReportsSchemaProblems() bool {
	reports := false
	for _, t := range m.Tables {
		if t.Inherited {
			return false
		}
		reports = reports || t.Local
	}
	return reports
}

// Pos converts a location in a schema source into a position in the pass's
// file set, adding the file to it when it is not a file of the package.
func (m *Model) Pos(loc sqlcheck.Loc) token.Pos { return m.files.pos(loc) }
