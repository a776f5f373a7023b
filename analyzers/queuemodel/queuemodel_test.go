package queuemodel_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

func TestCallSites(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "calls")
	require.Len(t, results, 1)
	m := results[0].Result.(*queuemodel.Model)
	fset := results[0].Pass.Fset
	var got []string
	for _, c := range m.Calls {
		sql := "?"
		if c.Known {
			sql = c.SQL
			if len(sql) > 20 {
				sql = sql[:20]
			}
		}
		s := fmt.Sprintf("%d %s %s %q scan=%d", fset.Position(c.Pos()).Line, c.Method, c.Receiver, sql, len(c.ScanArgs))
		if c.ParseErr != nil {
			s += " parse-error"
		}
		if c.Unread != "" {
			s += " (" + c.Unread + ")"
		}
		if c.Via != nil {
			s += " via=" + c.Via.Name()
		}
		for _, st := range c.Stmts {
			s += " " + st.Role.String()
		}
		got = append(got, s)
	}
	require.Equal(t, []string{
		`30 QueryRow pool "SELECT id, payload F" scan=2 poll`,
		`31 Exec pool "UPDATE jobs SET stat" scan=0 claim`, // the first state change after the poll

		`32 QueryRow conn "SELECT payload FROM " scan=1 none`,
		`34 Exec tx "INSERT INTO jobs (ki" scan=0 enqueue`,
		`36 Queue batch "DELETE FROM jobs WHE" scan=0 complete`,
		`37 Exec unknown "UPDATE jobs SET stat" scan=0 complete`,
		`39 Exec pool "?" scan=0 (package variable reassigned written outside its initializer)`,
		`40 Exec pool "SELECT * FROM jobs" scan=0 none`, // fmt.Sprintf of constants
		`41 Exec pool "SELEC oops" scan=0 parse-error`,
		`46 ExecContext pool "UPDATE jobs SET stat" scan=0 fail`,
		`47 Exec tx "UPDATE jobs SET atte" scan=0 none`,
		`48 QueryRowContext conn "SELECT 1" scan=0 none`,
		`49 Prepare pool "SELECT run_at FROM j" scan=0 none`, // a Prepare whose text nothing here runs: its own site
		`65 Exec pool "UPDATE jobs SET stat" scan=0 via=exec retry`,
		`66 Exec pool "DELETE FROM jobs WHE" scan=0 via=execTwice none`,
		// no 70 PrepareContext: the text runs at 75, judged there once
		`75 QueryRowContext pool "SELECT id FROM jobs " scan=1 none`, // the prepared statement runs the Prepare's SQL
		`79 Exec conn "PREPARE get_job AS S" scan=0`,
		`83 QueryRow conn "?" scan=1 (the name of a prepared statement)`, // unknown SQL, no parse error
	}, got)

	require.Len(t, m.Tables, 1)
	jobs := m.Tables["public.jobs"]
	require.Equal(t, "status", jobs.StateColumn)
	require.True(t, jobs.Local)
	require.False(t, jobs.Inherited)
	require.True(t, m.ReportsSchemaOf(jobs))
}

func TestWrapperAcrossPackages(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "store", "worker")
	byPkg := map[string]*queuemodel.Model{}
	for _, r := range results {
		byPkg[r.Pass.Pkg.Path()] = r.Result.(*queuemodel.Model)
	}
	w := byPkg["worker"]
	require.Len(t, w.Calls, 1)
	require.Equal(t, "Exec", w.Calls[0].Via.Name())
	require.Equal(t, queuemodel.RecvPool, w.Calls[0].Receiver)
	require.True(t, w.Calls[0].Known)

	tasks := w.Tables["public.tasks"]
	require.NotNil(t, tasks)
	require.True(t, tasks.Inherited)
	require.False(t, tasks.Local)
	require.False(t, w.ReportsSchemaOf(tasks), "the package that claims reports the schema, not its importers")

	s := byPkg["store"]
	require.True(t, s.ReportsSchemaOf(s.Tables["public.tasks"]))
	require.Equal(t, queuemodel.RoleClaim, s.Calls[0].Stmts[0].Role)
}

func TestScanOfRunningJobsIsNotAPoll(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "stuckscan")
	m := results[0].Result.(*queuemodel.Model)
	require.Len(t, m.Calls, 2)
	require.Equal(t, queuemodel.RoleClaim, m.Calls[0].Stmts[0].Role)
	require.Equal(t, queuemodel.RoleNone, m.Calls[1].Stmts[0].Role)
}

// The same, with jobs created in a CTE (WITH ins AS (INSERT ...) SELECT):
// the state that INSERT gives is the state jobs are created in.
func TestScanOfRunningJobsIsNotAPollCreatedInACTE(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "stuckscancte")
	m := results[0].Result.(*queuemodel.Model)
	require.Len(t, m.Calls, 3)
	require.Equal(t, queuemodel.RoleClaim, m.Calls[1].Stmts[0].Role)
	require.Equal(t, queuemodel.RoleNone, m.Calls[2].Stmts[0].Role)
}

// A store's exported method that writes the state its caller gives plays
// the roles of the states the module's callers pass, in another package;
// a text they pass into a column no statement compares with a constant
// leaves the statement as it is.
func TestStatesGivenByCallersInAnotherPackage(t *testing.T) {
	got, qt := roles(t, "callerstates")
	require.Equal(t, []string{"UPDATE claim", "UPDATE fail", "UPDATE complete", "UPDATE none"}, got)
	require.Equal(t, []string{"running"}, qt.Claimed)
	set := qt.Statements[1]
	require.True(t, set.BoundOutside)
	require.Len(t, set.Call.Stmts, 2)
	require.False(t, qt.Statements[3].BoundOutside, "last_error is no state")
}

// The state reaches the statement through an unexported helper of the
// store, which only the store's exported method calls: its callers in
// another package give the views.
func TestStatesGivenByCallersThroughAHelper(t *testing.T) {
	got, qt := roles(t, "callerhops")
	require.Equal(t, []string{"UPDATE claim", "UPDATE complete", "UPDATE fail"}, got)
	require.Equal(t, []string{"running"}, qt.Claimed)
	require.True(t, qt.Statements[1].BoundOutside)
}

// With no state in the store's SQL at all, a column its WHERE filters on
// by a value the callers give is the state: a compare-and-set from the
// state jobs are created in takes them.
func TestStatesOnlyCallersGive(t *testing.T) {
	got, qt := roles(t, "callermoves")
	require.Equal(t, []string{"INSERT enqueue", "UPDATE claim", "UPDATE fail", "UPDATE complete", "UPDATE none"}, got)
	require.Equal(t, "status", qt.StateColumn)
	require.Equal(t, []string{"pending"}, qt.Runnable)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

// A store whose SQL names no state: the columns its callers' constants are
// bound into are states by their name, the schema's CHECK or the Go type
// of the value, and a text they also pass as constants is not; on a table
// whose states the package's SQL names, a column is not one by its name.
func TestStatesCallersGiveByKey(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "callernamed")
	m := results[0].Result.(*queuemodel.Model)
	// The views play no role here (no poll), so one is kept per call:
	// what matters is that it is bound from the callers' constants.
	got := map[string][]string{}
	for _, c := range m.Calls {
		for _, name := range []string{"status", "stage", "phase", "note", "label"} {
			st := c.Stmts[0]
			if v, ok := st.Stmt.Assigns(name); ok {
				got[name] = append(got[name], fmt.Sprintf("%s %v", v.Str, st.BoundOutside))
			}
		}
	}
	require.Equal(t, map[string][]string{
		"status": {"running true", " false"}, // jobs, then runs
		"stage":  {"sent true"},
		"phase":  {"build true"},
		"note":   {" false"}, // still $1
		"label":  {" false"},
	}, got)
}

func TestDatabaseLikeInterface(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "adapter")
	m := results[0].Result.(*queuemodel.Model)
	var methods []string
	for _, c := range m.Calls {
		methods = append(methods, c.Method+" "+c.Receiver.String())
	}
	require.Equal(t, []string{"QueryRow unknown", "Exec unknown"}, methods)
	require.Equal(t, queuemodel.RoleClaim, m.Calls[0].Stmts[0].Role)
	require.Equal(t, queuemodel.APIUnknown, m.Calls[0].API, "not known to be PostgreSQL: no parse errors reported")
}

// roles renders each statement's role on a queue table, in source order.
func roles(t *testing.T, pkg string) ([]string, *queuemodel.QueueTable) {
	results := ruletest.Run(t, queuemodel.Analyzer, pkg)
	m := results[0].Result.(*queuemodel.Model)
	require.Len(t, m.Tables, 1)
	var got []string
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			got = append(got, fmt.Sprintf("%s %s", st.Kind, st.Role))
		}
	}
	return got, m.QueueTables()[0]
}

func TestRolesFromWhatStatementsDo(t *testing.T) {
	got, qt := roles(t, "rolesfixed")
	require.Equal(t, []string{
		"INSERT enqueue",
		"UPDATE claim",
		"UPDATE none", // a heartbeat moves no state
		"UPDATE reclaim",
		"UPDATE complete",
		"UPDATE retry",
		"UPDATE fail",
		"DELETE none", // retention, not a job's outcome
	}, got)
	require.Equal(t, "state", qt.StateColumn)
	require.Equal(t, []string{"ready"}, qt.Runnable)
	require.Equal(t, []string{"leased"}, qt.Claimed)
}

func TestRolesOfTheSeedShape(t *testing.T) {
	got, qt := roles(t, "rolesseed")
	require.Equal(t, []string{"SELECT poll", "UPDATE claim", "UPDATE complete", "UPDATE retry"}, got)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

// A function that completes the previous job, then polls and claims the
// next: the UPDATE before the poll stays a completion, the one after it is
// the claim's second step.
func TestCompletionBeforeThePoll(t *testing.T) {
	got, _ := roles(t, "completethenclaim")
	require.Equal(t, []string{"UPDATE complete", "SELECT claim", "UPDATE claim"}, got)
}

// Designs with a poll's shape that are not queues: nothing takes jobs from
// them. Every rule relies on this to stay silent.
func TestNotQueues(t *testing.T) {
	for _, pkg := range []string{"notqueue_page", "notqueue_email", "notqueue_purge", "notqueue_sqlc", "notqueue_flag", "notqueue_softdelete", "notqueue_cycle", "notqueue_activate", "notqueue_restart", "notqueue_outboxpage", "notqueue_sweep", "notqueue_retention", "notqueue_expiryrows", "notqueue_randomflip", "notqueue_deprecate", "notqueue_softdeletestep"} {
		t.Run(pkg, func(t *testing.T) {
			results := ruletest.Run(t, queuemodel.Analyzer, pkg)
			m := results[0].Result.(*queuemodel.Model)
			require.Empty(t, m.Tables)
			for _, c := range m.Calls {
				for _, st := range c.Stmts {
					require.Equal(t, queuemodel.RoleNone, st.Role, "%s", c.SQL)
				}
			}
		})
	}
}

// Shapes near an expiry janitor's that take jobs to work: a call that may
// fail runs before the outcome, the rows move to running, or the payload
// is read or returned. Each keeps its claim.
func TestSweepLookalikesClaim(t *testing.T) {
	for pkg, want := range map[string][]string{
		"sweeplike_work":        {"SELECT claim", "UPDATE fail", "UPDATE complete"},
		"sweeplike_running":     {"SELECT claim", "UPDATE claim"},
		"sweeplike_payload":     {"SELECT claim", "UPDATE claim"},
		"sweeplike_returning":   {"UPDATE claim"},
		"sweeplike_mixed":       {"SELECT claim", "UPDATE claim", "UPDATE complete"},
		"sweeplike_helper":      {"SELECT claim", "UPDATE complete"},
		"sweeplike_expirefirst": {"UPDATE none", "SELECT claim"},
	} {
		t.Run(pkg, func(t *testing.T) {
			got, _ := roles(t, pkg)
			require.Equal(t, want, got)
		})
	}
}

// Claims near the writes that are none: a random pick that hands its row
// on (returned, or stamped with the worker's name), and a blind claim in
// queue order run with Exec.
func TestRandomPicksThatHandOn(t *testing.T) {
	got, _ := roles(t, "randomflip_claims")
	require.Equal(t, []string{"UPDATE claim", "UPDATE claim", "UPDATE claim", "UPDATE claim", "UPDATE complete", "INSERT enqueue"}, got)
}

// A compare-and-set claim's in-progress state is left again by another
// statement: a reaper, the worker's DELETE by key, an upsert that
// re-queues, an outcome whose SQL is unread but writes the state column.
// Each keeps the claim that a write to a state nothing leaves
// (notqueue_deprecate, notqueue_softdeletestep) loses.
func TestClaimsToAStateLeftAgain(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "finalstate_claims")
	m := results[0].Result.(*queuemodel.Model)
	require.Len(t, m.Tables, 4)
	var got []string
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			got = append(got, fmt.Sprintf("%s %s %s", st.Kind, st.Table, st.Role))
		}
	}
	require.Equal(t, []string{
		"SELECT public.exports poll", "UPDATE public.exports claim", "UPDATE public.exports reclaim", "INSERT public.exports enqueue",
		"SELECT public.reports poll", "UPDATE public.reports claim", "DELETE public.reports complete", "INSERT public.reports enqueue",
		"SELECT public.thumbnails poll", "UPDATE public.thumbnails claim", "INSERT public.thumbnails enqueue",
		"SELECT public.imports poll", "UPDATE public.imports claim", "INSERT public.imports enqueue",
	}, got)
}

// A flag is a job state where the whole life cycle holds: created unsent,
// taken by a compare-and-set, deleted when delivered.
func TestFlagQueueWithItsCycle(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "queue_cycle")
	m := results[0].Result.(*queuemodel.Model)
	qt := m.Tables["public.outbox"]
	require.NotNil(t, qt)
	require.Equal(t, "sent", qt.StateColumn)
	require.Equal(t, []string{"true"}, qt.Claimed)
}

// A call through one of the module's interfaces stays a dispatch in the
// facts (dworker cannot see dpg); each package resolves it against the
// implementations it knows of: its own and those its imports list, outside
// test files. dwire sees two implementations of dq.Store.Take, dq.Noop and
// dpg's store, and only one claims: the loop claims nothing for sure.
func TestDispatch(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "dispatch/dq", "dispatch/dpg", "dispatch/dworker", "dispatch/dwire")
	var wire *analysistest.Result
	for _, r := range results {
		if r.Pass.Pkg.Path() == "dispatch/dwire" {
			wire = r
		}
	}
	require.NotNil(t, wire)
	m := wire.Result.(*queuemodel.Model)
	var start *ast.CallExpr
	ast.Inspect(wire.Pass.Files[0], func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && types.ExprString(call.Fun) == "dworker.Loop" {
			start = call
		}
		return true
	})
	require.NotNil(t, start)
	j := m.JobsOf(start)
	require.NotNil(t, j)
	require.Empty(t, j.Through, "resolved")
	require.False(t, j.Claims, "dq.Noop claims nothing")
	require.False(t, j.Loop)
}

// TestResolve shows what each way of building SQL reads as: the SQL, with
// names from Go values shown as the values, or why it stays unread.
func TestResolve(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "resolve")
	m := results[0].Result.(*queuemodel.Model)
	fset := results[0].Pass.Fset
	var got []string
	for _, c := range m.Calls {
		s := fmt.Sprintf("%d ", fset.Position(c.Pos()).Line)
		if c.Known {
			s += sqltext.Display(c.SQL)
		} else {
			s += "? (" + c.Unread + ")"
		}
		for n, e := range c.Spliced {
			s += fmt.Sprintf(" [$%d=%s arg=%v]", n, e.(*ast.Ident).Name, c.Arg(n))
		}
		for _, st := range c.Stmts {
			s += fmt.Sprintf(" [%s", st.Kind)
			values := []sqlcheck.Value{}
			if v, ok := st.Assigns("status"); ok {
				values = append(values, v)
			}
			for _, p := range st.Where {
				values = append(values, p.Values...)
			}
			for _, v := range values {
				if v.Kind == sqlcheck.ValueConst && v.Param > 0 {
					s += fmt.Sprintf(" $%d=%s", v.Param, v.Str)
				}
			}
			s += "]"
		}
		if c.ParseErr != nil {
			s += " parse-error"
		}
		got = append(got, s)
	}
	require.Equal(t, []string{
		`11 SELECT count(*) FROM {resolve.Queue.table} [SELECT]`, // other.go
		`22 SELECT id FROM {resolve.Queue.table} WHERE status = 'queued' ORDER BY id LIMIT 1 [SELECT]`,
		`23 ? (parameter kind of helpers, which nothing calls)`,
		"32 -- the index of {resolve.Queue.table}\nCREATE INDEX IF NOT EXISTS \"{resolve.Queue.table}_id\" ON {resolve.Queue.table} (id)", // a helper with a local
		`36 ? (a number spliced into a name)`,
		`29 CREATE TABLE IF NOT EXISTS {resolve.Queue.table} (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued')`,
		`44 SELECT id FROM {resolve.Queue.table} WHERE status = 'queued' LIMIT $1001 [$1001=n arg=<nil>] [SELECT]`,
		`45 DELETE FROM {resolve.Queue.table} WHERE id = $1 [DELETE]`, // through a getter
		`46 SELECT id FROM {resolve.Table} OFFSET $1001 [$1001=n arg=<nil>] [SELECT]`,
		`47 SELECT id FROM queue.jobs [SELECT]`,
		`48 SELECT id FROM "queue".{resolve.Queue.table} [SELECT]`,
		`49 DELETE FROM {resolve.Queue.table} WHERE status = 'done' [DELETE]`,
		`50 UPDATE {resolve.Queue.table} SET status = 'x' WHERE id = (SELECT id FROM {resolve.Queue.table} LIMIT 1) [UPDATE]`,
		`54 SELECT id FROM {resolve.Queue.table} WHERE status = 'queued' LIMIT 1 [SELECT]`,
		`59 ? (parameter where of shapes, which nothing calls)`, // both branches read; the condition is the parameter,
		`64 ? (loop)`,
		`65 ? (parameter where of shapes, which nothing calls)`,
		`66 ? (a Go value spliced into a string literal)`,
		`67 ? (struct field Queue.table (parameter table of exported New))`, // a column's place: not a name the tool reads
		`68 ? (parameter where of shapes, which nothing calls)`,
		`69 ? (a name built from several Go values)`,
		`70 UPDATE jobs SET run_at = now() + interval '$1001 seconds' WHERE id = $1 [$1001=n arg=<nil>] [UPDATE]`,
		`71 UPDATE jobs SET status = $1 WHERE id = $2 [UPDATE $1=running]`,
		`76 UPDATE jobs SET status = $1 WHERE id = $2 [UPDATE $1=done]`, // one view per role: both play none here
		`82 UPDATE jobs SET status = 'done' WHERE id IN (?) [UPDATE]`,
		`84 SELECT id FROM jobs WHERE status = ? LIMIT ? [SELECT $1=queued]`,
		`85 INSERT INTO jobs (kind, payload) VALUES (:kind, :payload::jsonb) [INSERT]`,
		`86 SELECT id FROM jobs WHERE payload ? 'to' [SELECT]`, // jsonb's ? operator
	}, got)

	// One field, one placeholder, in every statement and file.
	var names []string
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			if strings.HasPrefix(st.Table, "public.") && strings.Contains(st.Table, "Queue.table") {
				names = append(names, st.Table)
			}
		}
	}
	require.NotEmpty(t, names)
	for _, n := range names {
		require.Equal(t, names[0], n)
	}
	require.Equal(t, "{resolve.Queue.table}", queuemodel.TableName(names[0]))
	// The Go DDL defines it in the model's schema; no .sql file could.
	table := m.Schema().Table(names[0])
	require.NotNil(t, table)
	require.NotNil(t, table.Column("status"))
	require.Len(t, table.Indexes, 2, "the primary key, and the index Go creates in another file")
}

// A table named by a struct field is the same table in the package that
// creates it and in one that imports it, and the importer sees its columns
// through the creator's fact.
func TestPlaceholderAcrossPackages(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "ddlstore", "ddlworker")
	byPkg := map[string]*queuemodel.Model{}
	for _, r := range results {
		byPkg[r.Pass.Pkg.Path()] = r.Result.(*queuemodel.Model)
	}
	store, worker := byPkg["ddlstore"], byPkg["ddlworker"]
	name := store.Calls[1].Stmts[0].Table
	require.Equal(t, queuemodel.RoleClaim, store.Calls[1].Stmts[0].Role)
	require.Equal(t, "{ddlstore.Queue.Table}", queuemodel.TableName(name))
	require.Equal(t, name, worker.Calls[0].Stmts[0].Table)
	require.True(t, store.ReportsSchemaOf(store.Tables[name]))
	require.False(t, worker.ReportsSchemaOf(worker.Tables[name]), "the store reports the table's schema")
	for _, m := range []*queuemodel.Model{store, worker} {
		table := m.Schema().Table(name)
		require.NotNil(t, table)
		require.NotNil(t, table.Column("run_at"))
	}
}

// A state bound as a parameter reads as its constant; a state held in a
// variable assigned two constants plays the role of each.
func TestBoundStates(t *testing.T) {
	got, qt := roles(t, "boundstates")
	require.Equal(t, []string{
		"INSERT enqueue",
		"UPDATE claim",
		"UPDATE complete", "UPDATE fail", // state := Done; if runErr != nil { state = Failed }
		"UPDATE retry",
	}, got)
	require.Equal(t, "status", qt.StateColumn)
	require.Equal(t, []string{"queued"}, qt.Runnable)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

// A parameter that stands for a spliced number is not a bound argument,
// however many arguments the call binds.
func TestSplicedIsNoArgument(t *testing.T) {
	n := &ast.Ident{Name: "n"}
	args := make([]ast.Expr, 1001)
	for i := range args {
		args[i] = &ast.Ident{Name: "arg"}
	}
	c := &queuemodel.Call{Args: args, Spliced: map[int]ast.Expr{1001: n}}
	require.Nil(t, c.Arg(1001))
	require.Equal(t, args[1000-1], c.Arg(1000))
}

// State predicates: the roles and states of queues that name their states
// with OR, IN, NOT IN, or keep them in whether a column is NULL.
func TestRolesFromStatePredicates(t *testing.T) {
	cases := []struct {
		pkg               string
		roles             []string
		column            string
		runnable, claimed []string
	}{
		{"statesnull", []string{"INSERT enqueue", "UPDATE claim", "UPDATE complete", "UPDATE retry", "UPDATE reclaim"},
			"locked_at", []string{"(null)"}, []string{"(not null)"}},
		// The CHECK constraint lists pending and running beside the two
		// excluded states; the claim moves jobs to running.
		{"statesnotin", []string{"INSERT enqueue", "UPDATE claim", "UPDATE complete", "UPDATE fail", "SELECT none"},
			"status", []string{"pending"}, []string{"running"}},
		{"statescolumn", []string{"INSERT enqueue", "SELECT poll", "UPDATE claim", "UPDATE none", "UPDATE complete"},
			"status", []string{"queued"}, []string{"running"}},
		// 'running' is polled only with an expired lease: it is not runnable.
		{"statesor", []string{"INSERT enqueue", "UPDATE claim", "SELECT none", "UPDATE retry", "UPDATE complete"},
			"status", []string{"queued", "retry"}, []string{"running"}},
		// Every branch of the OR names 'queued' beside a condition on
		// another column (target_worker_id, filed first); 'running' only
		// with an expired lease.
		{"statesorsame", []string{"INSERT enqueue", "SELECT claim", "UPDATE complete"},
			"status", []string{"queued"}, []string{"running"}},
		// Integers bound from Go constants: the poll's status < 2 is the
		// type's constants below 2; the CASE arms are bound, and so is the
		// reaper's deadline, computed from time.Now().
		{"intstates", []string{"UPDATE claim", "UPDATE complete", "UPDATE retry", "UPDATE reclaim"},
			"status", []string{"0", "1"}, []string{"2"}},
		// A relay's poll of the complement of what it names, NULL
		// included through COALESCE: the states the module writes less
		// those, and the NULL rows are created in. The one UPDATE is read
		// once per state its sql.NullString may hold.
		{"statescoalesce", []string{"INSERT enqueue", "SELECT poll", "UPDATE retry", "UPDATE complete"},
			"status", []string{"(null)", "failed"}, []string{}},
	}
	for _, c := range cases {
		t.Run(c.pkg, func(t *testing.T) {
			got, qt := roles(t, c.pkg)
			require.Equal(t, c.roles, got)
			require.Equal(t, c.column, qt.StateColumn)
			require.Equal(t, c.runnable, qt.Runnable)
			require.Equal(t, c.claimed, qt.Claimed)
		})
	}
}

// An operator's action by key out of the runnable state, beside a claim
// built around a poll, is a claim only when it moves the job to the state
// that claim writes: archiving a queued job is an outcome, and requeueing
// an archived one a retry.
func TestOperatorActionsBesideAPollClaim(t *testing.T) {
	got, qt := roles(t, "rolesoperator")
	require.Equal(t, []string{
		"INSERT enqueue",
		"UPDATE claim",
		"UPDATE complete", // archive a queued job
		"UPDATE retry",    // requeue an archived one
		"UPDATE claim",    // run a queued job now
		"UPDATE complete",
	}, got)
	require.Equal(t, []string{"running"}, qt.Claimed)
	require.Equal(t, []string{"queued"}, qt.Runnable)
}

// SQL that only SSA reads: queries in struct fields and package
// variables, a column list joined in a package variable, a lock clause
// chosen by an option (one view per text, merged by role), states passed
// to a helper (one view per state, each bound at its call); and what stays
// out of sight, with why.
func TestValuesOnSSA(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "ssavalues")
	m := results[0].Result.(*queuemodel.Model)
	fset := results[0].Pass.Fset
	var got []string
	for _, c := range m.Calls {
		s := fmt.Sprintf("%d", fset.Position(c.Pos()).Line)
		if !c.Known {
			got = append(got, s+" ? ("+c.Unread+")")
			continue
		}
		for _, st := range c.Stmts {
			s += fmt.Sprintf(" [%s %s", st.Kind, st.Role)
			for _, n := range st.BoundAt {
				s += fmt.Sprintf(" at %d", fset.Position(n.Pos()).Line)
			}
			s += "]"
		}
		got = append(got, s)
	}
	require.Equal(t, []string{
		"52 [INSERT enqueue]", // ReplaceAll over a package constant
		"65 [SELECT claim]",   // either lock clause: one view kept
		"68 [UPDATE claim]",   // the struct's other field
		"75 [UPDATE complete at 81] [UPDATE fail at 84] [UPDATE retry at 86]",
		"91 ? (parameter query of exported Run)",
		"96 ? (struct field Options.Extra set out of sight)",
	}, got)
	qt := m.QueueTables()[0]
	require.Equal(t, "status", qt.StateColumn)
	require.Equal(t, []string{"queued"}, qt.Runnable)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

// A bulk insert through pgx's copy protocol is the queue's enqueue: read as
// the INSERT it amounts to, with the created state from the copied row, so
// the vacuum that returns expired leases is a reclaim and not a claim.
func TestCopyEnqueue(t *testing.T) {
	got, qt := roles(t, "copyenqueue")
	require.Equal(t, []string{"INSERT enqueue", "UPDATE claim", "UPDATE reclaim", "UPDATE complete"}, got)
	require.Equal(t, []string{"new"}, qt.Runnable)
	require.Equal(t, []string{"in_progress"}, qt.Claimed)

	m := ruletest.Run(t, queuemodel.Analyzer, "copyenqueue")[0].Result.(*queuemodel.Model)
	var copies []*queuemodel.Call
	for _, c := range m.Calls {
		if c.Method == "CopyFrom" {
			copies = append(copies, c)
		}
	}
	require.Len(t, copies, 1, "the wrapper's own CopyFrom passes its caller's table through: only Push's copy is read")
	c := copies[0]
	require.Regexp(t, `^INSERT INTO "\{copyenqueue\.Client\.table~[0-9a-f]+\}" \("queue", "state", "content"\) VALUES \(\$1, \$2, \$3\)$`, c.SQL)
	require.Equal(t, "New", types.ExprString(c.Arg(2)), "the copied row's state")
}

// Named queries are read where Go runs them, by goyesql's rules (comment
// lines dropped, lines joined with a space), with the handle the statement
// runs on; a name the module's files do not define stays unread.
func TestNamedQueries(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "named")
	m := results[0].Result.(*queuemodel.Model)
	fset := results[0].Pass.Fset
	var got []string
	for _, c := range m.Calls {
		s := fmt.Sprintf("%d %s %s %q args=%d", fset.Position(c.Pos()).Line, c.Method, c.Receiver, c.SQL, len(c.Args))
		if c.Unread != "" {
			s += " (" + c.Unread + ")"
		}
		got = append(got, s)
	}
	require.Equal(t, []string{
		`22 Get pool "SELECT id FROM jobs WHERE state = 'queued' ORDER BY run_at LIMIT 1;" args=0`,
		`23 Exec pool "UPDATE jobs SET state = 'running' WHERE id = $1;" args=1`,
		`24 Exec tx "UPDATE jobs SET state = 'running' WHERE id = $1;" args=1`,
		`25 Exec pool "" args=0 (the named query "no-such-query" is in no named-query file of the module)`,
		`26 Exec stmt "" args=0 (a prepared statement whose Prepare is out of sight)`,
		`27 ExecContext pool "UPDATE jobs SET state = 'running' WHERE id = $1;" args=1`,
		`28 ExecContext pool "" args=1 (a named query whose name is unknown: parameter name of exported Run)`,
		`33 ExecContext pool "" args=0 (a named query whose name is unknown: one of several names)`,
		`34 ExecContext pool "" args=0 (the named query "dup" is defined differently in more.sql and queries.sql)`,
		`35 ExecContext pool "SELECT 2;" args=0`,
	}, got)
}

// A dotsql call runs the named query of the file its DotSql was loaded
// from, read by dotsql's rules, on the handle it is given.
func TestDotsqlQueries(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "nameddot")
	m := results[0].Result.(*queuemodel.Model)
	fset := results[0].Pass.Fset
	var got []string
	for _, c := range m.Calls {
		s := fmt.Sprintf("%d %s %s %q args=%d scan=%d checked=%v", fset.Position(c.Pos()).Line, c.Method, c.Receiver, c.SQL, len(c.Args), len(c.ScanArgs), c.ResultChecked)
		if c.Unread != "" {
			s += " (" + c.Unread + ")"
		}
		got = append(got, s)
	}
	require.Equal(t, []string{
		`18 QueryRow pool "SELECT id FROM jobs\n-- the oldest first\nWHERE state = 'queued' ORDER BY run_at LIMIT 1;" args=0 scan=0 checked=false`, // embedded
		`20 QueryRow pool "" args=0 scan=0 checked=false (the dotsql query "next-job" of queries loaded out of sight)`,                             // a pattern
		`14 QueryRow pool "SELECT id FROM jobs\n-- the oldest first\nWHERE state = 'queued' ORDER BY run_at LIMIT 1;" args=0 scan=1 checked=true`,
		`16 Exec tx "UPDATE jobs SET state = 'running' WHERE id = $1;" args=1 scan=0 checked=false`,
		`17 Exec pool "" args=0 scan=0 checked=false (the dotsql query "templated" is a template)`,
		`18 Exec pool "" args=0 scan=0 checked=false (the dotsql query "no-such-query" is not in queries.sql)`,
		`19 Exec pool "" args=0 scan=0 checked=false (a dotsql query whose name is not one constant)`,
		`20 Exec pool "" args=1 scan=0 checked=false (the dotsql query "take-job" of queries loaded out of sight)`,
		`22 Exec pool "DELETE FROM jobs WHERE state = 'done'" args=0 scan=0 checked=false`,
		`24 Exec pool "" args=0 scan=0 checked=false (the dotsql query "q": missing.sql is not found in the package's directory or above it in the module)`,
		`26 Exec pool "" args=0 scan=0 checked=false (the dotsql query "q": /etc/queries.sql is outside the module)`,
	}, got)
}

// A claim takes rows to run them; an operator's bulk change of every
// pending entry of a source takes none, though it also moves rows out of
// the runnable state (pause) and back (resume). Of the table's key, the
// compare-and-set names one row; source_id names many. The state the
// compare-and-set writes is one it re-takes only once its deadline has
// passed: a claimed state, not a runnable one, though the poll admits it
// under that condition. A pending entry pushed back is not a retry.
func TestBulkActionsBesideACompareAndSet(t *testing.T) {
	got, qt := roles(t, "rolesbulk")
	require.Equal(t, []string{
		"INSERT enqueue",
		"SELECT poll",
		"UPDATE claim",
		"UPDATE none", // pause a source
		"UPDATE none", // resume it
		"UPDATE none", // postpone a pending entry
		"UPDATE retry",
		"UPDATE fail",
		"DELETE complete", // by a list of keys
		"DELETE none",     // drop a source's entries
	}, got)
	require.Equal(t, "status", qt.StateColumn)
	require.Equal(t, []string{"pending"}, qt.Runnable)
	require.Equal(t, []string{"processing"}, qt.Claimed)
}

// With a schema that declares no key for the table, a statement that
// names a row by a parameter is taken to name one job.
func TestNoKeyInTheSchema(t *testing.T) {
	got, qt := roles(t, "rolesnokey")
	require.Equal(t, []string{"SELECT poll", "UPDATE claim", "UPDATE retry"}, got)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

// A statement that re-takes rows of a state once a deadline passed claims
// into that state only if jobs are not created in it.
func TestRefreshOfAStateJobsAreCreatedIn(t *testing.T) {
	got, qt := roles(t, "rolesrefresh")
	require.Equal(t, []string{"INSERT enqueue", "SELECT poll", "UPDATE claim", "UPDATE none"}, got)
	require.Equal(t, []string{"failed", "pending"}, qt.Runnable)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

func TestCaseArmsHaveRolesOfTheirOwn(t *testing.T) {
	got, qt := roles(t, "casesweep")
	require.Equal(t, []string{"INSERT enqueue", "UPDATE claim", "UPDATE complete", "UPDATE reclaim", "UPDATE none", "UPDATE reclaim"}, got)
	sweep := qt.Statements[3]
	require.Len(t, sweep.Moves, 2, "the ELSE keeps the state")
	dead, back := sweep.Moves[0], sweep.Moves[1]
	require.Equal(t, "dead", dead.State)
	require.Equal(t, queuemodel.RoleFail, dead.Role)
	require.False(t, dead.RechecksState(qt.StateColumn), "tries >= max_tries matches rows in any state")
	require.Equal(t, "queued", back.State)
	require.Equal(t, queuemodel.RoleReclaim, back.Role)
	require.True(t, back.RechecksState(qt.StateColumn))
	require.Len(t, back.Rows, 1, "rows with tries >= max_tries are the first arm's")
	require.Empty(t, qt.Statements[4].Moves, "a CASE on run_at moves no state")

	rescue := qt.Statements[5].Moves
	require.Len(t, rescue, 2)
	require.Len(t, rescue[0].Rows, 1, "the 'dead' branch has no row in 'running'")
	require.Equal(t, queuemodel.RoleReclaim, rescue[0].Role)
	require.Equal(t, queuemodel.RoleNone, rescue[1].Role, "a redrive of dead items takes back no lease")
}

func TestResetByKeyFromAScanIsAReclaim(t *testing.T) {
	got, qt := roles(t, "stuckreset")
	require.Equal(t, []string{
		"INSERT enqueue",
		"UPDATE claim",
		"UPDATE complete",
		"UPDATE retry", // its key comes from the worker
		"SELECT none",  // the scan of stuck jobs picks no runnable work
		"UPDATE reclaim",
		"SELECT none", // the same, locking its row
		"UPDATE reclaim",
		"SELECT none",
		"UPDATE retry", // its SELECT names no deadline
	}, got)
	require.Equal(t, []string{"pending"}, qt.Runnable)
	require.Equal(t, []string{"processing"}, qt.Claimed)
	require.Same(t, qt.Statements[4], qt.Statements[5].ScannedBy)
	require.Same(t, qt.Statements[6], qt.Statements[7].ScannedBy, "through two helpers, by what RescueOne hands from one to the other")
	require.Nil(t, qt.Statements[3].ScannedBy)
}

// A state coded as an integer is known by the Go constant that names it.
func TestIntegerStatesAreNamedByTheirConstants(t *testing.T) {
	_, qt := roles(t, "intstates")
	require.Equal(t, "intstates.StateInProgress", qt.StateName("2"))
	require.Equal(t, "intstates.StateInProgress (2)", qt.ShowState("2"))
	require.Equal(t, "intstates.StateDead", qt.StateName("99"))
	require.Equal(t, "", qt.StateName("7"), "no constant has the value")
	require.Equal(t, "'7'", qt.ShowState("7"))
}

// One UPDATE around a locking CTE that takes back rows whose lease the
// claim wrote is a reclaim; one that re-takes them into the claimed state
// stays a claim.
func TestReaperAroundALockingPoll(t *testing.T) {
	got, qt := roles(t, "reaper")
	require.Equal(t, []string{"UPDATE claim", "UPDATE reclaim", "UPDATE claim", "UPDATE complete"}, got)
	require.Equal(t, []string{"pending"}, qt.Runnable)
	require.Equal(t, []string{"delivering"}, qt.Claimed)
}

// States bound from typed string constants, through a helper's parameters,
// read as those states; the module's statements leave out the literal the
// model read, whose text alone would admit any state.
func TestStringStatesBoundThroughAHelper(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "boundpurge")
	m := results[0].Result.(*queuemodel.Model)
	var purge *queuemodel.Statement
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			if st.Kind == sqlcheck.KindDelete {
				purge = st
			}
		}
	}
	require.NotNil(t, purge)
	var states []string
	for _, v := range purge.Where[0].Values {
		require.Equal(t, sqlcheck.ValueConst, v.Kind)
		states = append(states, v.Str)
	}
	require.Equal(t, []string{"completed", "failed"}, states)
	var module []string
	for _, st := range m.ModuleStatements() {
		module = append(module, st.Kind.String()+" "+st.Table)
	}
	require.Equal(t, []string{"SELECT public.tasks"}, module, "the SQL no call runs, not the package's own statements unbound")
}

// A table no statement polls is a queue when a compare-and-set by key takes
// its jobs from the state they are created in and another UPDATE by key
// records how they ended; the compare-and-set to an ended state is an
// outcome, not a claim.
func TestCompareAndSetByKeyMakesAQueue(t *testing.T) {
	got, qt := roles(t, "takenbykey")
	require.Equal(t, []string{
		"INSERT enqueue",
		"UPDATE fail",     // cancelled
		"UPDATE complete", // paused: no statement takes it back
		"UPDATE claim",
		"UPDATE complete",
		"UPDATE fail",
		"SELECT none",
	}, got)
	require.Equal(t, "status", qt.StateColumn)
	require.Equal(t, []string{"pending"}, qt.Runnable)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

// An expiry cutoff computed from a clock kept in a field reads as now()
// when the package only ever sets the field to time.Now; one from a clock
// a caller may replace stays unknown.
func TestCutoffFromAClockField(t *testing.T) {
	got, _ := roles(t, "clockcutoff")
	require.Equal(t, []string{"UPDATE claim", "UPDATE reclaim", "UPDATE none"}, got)
}

// On a queue whose claim leaves the job runnable (a row lock held while it
// runs), an UPDATE by key that counts a failed attempt and records its
// error is a retry; counting alone is not, nor is the same on a queue whose
// claim moves the job to an in-progress state it stays in.
func TestCountedFailureOfARunnableRowIsARetry(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "bumpretry")
	m := results[0].Result.(*queuemodel.Model)
	var got []string
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			got = append(got, fmt.Sprintf("%s %s %s", st.Kind, st.Table, st.Role))
		}
	}
	require.Equal(t, []string{
		"SELECT public.outbox claim",
		"UPDATE public.outbox none", // counted at the claim
		"UPDATE public.outbox retry",
		"UPDATE public.outbox complete",
		"UPDATE public.jobs claim",
		"UPDATE public.jobs none", // the job stays running
		"UPDATE public.jobs complete",
	}, got)
}

// A state bound from a struct field that the module only ever sets to one
// constant (a default filled in by the field's own package) is the state
// jobs are created in: the claim is the statement that takes rows out of
// it, and the housekeeping that locks rows with SKIP LOCKED too (a reaper,
// a purge of sent rows, a requeue of dead ones) takes no runnable work.
// When the field may hold what a caller names, that state is unknown, and
// every SKIP LOCKED update stays a candidate claim.
func TestCreatedStateFromAStructField(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "createdfield/msg", "createdfield/pgstore")
	var m *queuemodel.Model
	variants := 0
	for _, r := range results {
		if r.Pass.Pkg.Path() != "createdfield/pgstore" {
			continue
		}
		variants++
		m = r.Result.(*queuemodel.Model)
		var got []string
		for _, c := range m.Calls {
			for _, st := range c.Stmts {
				got = append(got, fmt.Sprintf("%s %s", st.Kind, st.Role))
			}
		}
		require.Equal(t, []string{"INSERT enqueue", "UPDATE claim", "UPDATE complete", "UPDATE reclaim", "DELETE none", "UPDATE none"}, got)
		qt := m.QueueTables()[0]
		require.Equal(t, []string{"waiting"}, qt.Runnable)
		require.Equal(t, []string{"sending"}, qt.Claimed)
	}
	require.Equal(t, 1, variants)

	results = ruletest.Run(t, queuemodel.Analyzer, "createdfieldmixed/msg", "createdfieldmixed/pgstore")
	for _, r := range results {
		if r.Pass.Pkg.Path() == "createdfieldmixed/pgstore" {
			m = r.Result.(*queuemodel.Model)
		}
	}
	qt := m.QueueTables()[0]
	require.Contains(t, qt.Runnable, "dead", "with no created state known, the requeue's poll reads as runnable")
}

// An UPDATE joined with a WITH query that locks one row by key has the
// role of what it does to that row (the completion, the retry); one whose
// WITH query names rows by another column, or that joins it by another
// column than the one bound, names no job and has none.
func TestRowsNamedInAJoinedWithQuery(t *testing.T) {
	got, qt := roles(t, "ctekey")
	require.Equal(t, []string{"INSERT enqueue", "UPDATE claim", "UPDATE complete", "UPDATE retry", "UPDATE none", "UPDATE none"}, got)
	require.Equal(t, []string{"ready"}, qt.Runnable)
	require.Equal(t, []string{"busy"}, qt.Claimed)
}

// A worker fed ids by a broker takes each job by a compare-and-set with no
// RETURNING and records its outcome on the same key afterwards, in the
// same function or in one its caller runs next: the table is a queue and
// the compare-and-set its claim.
func TestCompareAndSetFedByABroker(t *testing.T) {
	got, qt := roles(t, "takenbykeyfed")
	require.Equal(t, []string{"INSERT enqueue", "UPDATE claim", "UPDATE fail", "UPDATE complete"}, got)
	require.Equal(t, []string{"pending"}, qt.Runnable)
	require.Equal(t, []string{"processing"}, qt.Claimed)

	got, qt = roles(t, "takenbykeyfedsplit")
	require.Equal(t, []string{"INSERT enqueue", "UPDATE claim", "UPDATE complete"}, got)
	require.Equal(t, []string{"processing"}, qt.Claimed)
}

// A compare-and-set followed by an ended state of another row, or
// preceded by one, or followed by a state that says nothing ended, takes
// no job.
func TestCompareAndSetWithNoOutcomeOfItsRowIsNoQueue(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "notqueue_keyedother")
	m := results[0].Result.(*queuemodel.Model)
	require.Empty(t, m.Tables)
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			require.Equal(t, queuemodel.RoleNone, st.Role, "%s", c.SQL)
		}
	}
}

// A consumer that marks a job running by key with no re-check, runs it,
// and records on the same key that it succeeded or failed takes jobs: the
// table is a queue, the blind UPDATE its claim.
func TestBlindTakeThenRunMakesAQueue(t *testing.T) {
	got, qt := roles(t, "takenblind")
	require.Equal(t, []string{"UPDATE claim", "UPDATE complete", "UPDATE fail"}, got)
	require.Equal(t, "status", qt.StateColumn)
	require.Equal(t, []string{"pending"}, qt.Runnable)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

// Blind UPDATEs by key followed only by a success, by ended states of
// another row, preceded by them, or moving rows back to their created
// state, take no job.
func TestBlindMovesWithNoRunOfTheirRowAreNoQueue(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "notqueue_blind")
	m := results[0].Result.(*queuemodel.Model)
	require.Empty(t, m.Tables)
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			require.Equal(t, queuemodel.RoleNone, st.Role, "%s", c.SQL)
		}
	}
}

// A compare-and-set by key from a list of waiting states (status IN
// ('pending', 'scheduled')), one of them the state jobs are created in,
// makes a queue of a table a listing reads too; the listing plays no
// part, and every state the list names is runnable.
func TestCompareAndSetFromAListOfStates(t *testing.T) {
	got, qt := roles(t, "takenbykeyin")
	require.Equal(t, []string{
		"INSERT enqueue",
		"SELECT none", // a page of tasks in the state asked for
		"UPDATE claim",
		"UPDATE complete",
		"UPDATE retry",
		"UPDATE fail",
		"UPDATE fail", // cancelled
	}, got)
	require.Equal(t, []string{"pending", "scheduled"}, qt.Runnable)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

// The states of a compare-and-set by key may be an OR of equalities,
// bound from typed constants of another package: it reads as the list.
func TestCompareAndSetFromAnOrOfStates(t *testing.T) {
	got, qt := roles(t, "takenbykeyor")
	require.Equal(t, []string{"INSERT enqueue", "UPDATE claim", "UPDATE complete", "UPDATE retry", "UPDATE fail"}, got)
	require.Equal(t, []string{"pending", "scheduled"}, qt.Runnable)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

// A poll whose states its caller gives (a list spliced as placeholders)
// says nothing of which states are runnable: the waiting states its
// compare-and-set takes tasks from are, and the compare-and-set is the
// claim.
func TestCompareAndSetNamesTheStatesOfAnUnboundPoll(t *testing.T) {
	got, qt := roles(t, "unboundpoll")
	require.Equal(t, []string{"INSERT enqueue", "SELECT poll", "UPDATE claim", "UPDATE complete", "UPDATE retry"}, got)
	require.Equal(t, "status", qt.StateColumn)
	require.Equal(t, []string{"pending", "scheduled"}, qt.Runnable)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

// The same store with the worker that runs it: the compare-and-set is
// followed by the task's outcome on the same key, so the table is a queue
// of tasks taken by key; the poll that picks the tasks due by now() still
// feeds the take (a listing a page at a time would not).
func TestDuePollBesideACompareAndSetByKey(t *testing.T) {
	got, qt := roles(t, "unboundpollworker")
	require.Equal(t, []string{"INSERT enqueue", "SELECT poll", "UPDATE claim", "UPDATE complete", "UPDATE retry"}, got)
	require.Equal(t, []string{"pending", "scheduled"}, qt.Runnable)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

// The waiting states of a compare-and-set count as runnable only when the
// poll does not name its own (a poll bound to 'pending' keeps 'held' out),
// and those of a compare-and-set that ends a task (a cancel) or of a bulk
// action by another column never do.
func TestWaitingStatesOfACompareAndSetOnlyFillAnUnboundPoll(t *testing.T) {
	_, qt := roles(t, "boundpollcas")
	require.Equal(t, []string{"pending"}, qt.Runnable)

	got, qt := roles(t, "unboundpollcancel")
	require.Equal(t, []string{"INSERT enqueue", "SELECT poll", "UPDATE claim", "UPDATE complete", "UPDATE retry", "UPDATE fail", "UPDATE none"}, got)
	require.Equal(t, []string{"pending", "scheduled"}, qt.Runnable)
}

// A poll joined with a WITH query by a column that names no row (the
// queue's name) is a poll; joined by the table's key, it is a lookup. With
// no schema to say which columns are keys, a joined SELECT is no poll.
func TestJoinedPolls(t *testing.T) {
	got, qt := roles(t, "joinedpoll")
	require.Equal(t, []string{"INSERT enqueue", "UPDATE claim", "UPDATE complete", "SELECT none"}, got)
	require.Equal(t, "status", qt.StateColumn)

	results := ruletest.Run(t, queuemodel.Analyzer, "joinedpoll_noschema")
	require.Empty(t, results[0].Result.(*queuemodel.Model).Tables)
}

// A function's parameter given a constant by the call (in its SQL, or
// bound from Go) reads as that constant in the body: the state the
// outcome writes is known.
func TestStatesBoundThroughAFunction(t *testing.T) {
	got, qt := roles(t, "funcargs")
	require.Equal(t, []string{"UPDATE claim", "UPDATE complete", "UPDATE fail", "UPDATE retry", "UPDATE none"}, got, "a variadic call binds no variable of the body")
	require.Equal(t, []string{"queued"}, qt.Runnable)
	require.Equal(t, []string{"done", "failed"}, qt.Terminal())
}

// The same with sqlc's parameter structs: the state is a field the
// caller's literal sets (here mapped from an iota enum); a field the
// method overwrites through its pointer is its own.
func TestStatesGivenByCallersInParamStructs(t *testing.T) {
	got, qt := roles(t, "callerparams")
	require.Equal(t, []string{"UPDATE claim", "UPDATE fail", "UPDATE complete", "UPDATE none"}, got) // SetStatus binds its own "queued": no view of the callers' "done"
	require.Equal(t, []string{"running"}, qt.Claimed)
	require.True(t, qt.Statements[1].BoundOutside)
	require.False(t, qt.Statements[3].BoundOutside)
}

// A relay queue: an outbox polled unlocked while its marker is unset and
// marked by key, its poll and mark split over a store's methods. The
// unset marker is its runnable state; nothing claims.
func TestRelayQueue(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "relay_store")
	m := results[0].Result.(*queuemodel.Model)
	qt := m.Tables["public.events_outbox"]
	require.NotNil(t, qt)
	require.True(t, qt.Relay())
	require.Equal(t, "published_at", qt.StateColumn)
	require.Equal(t, []string{sqlcheck.StateNull}, qt.Runnable)
	require.Empty(t, qt.Claimed)
	polls := qt.RelayPolls()
	require.Len(t, polls, 1)
	require.Equal(t, queuemodel.RolePoll, polls[0].Role)
	marks := qt.RelayMarks(polls[0])
	require.Len(t, marks, 1)
	require.Equal(t, queuemodel.RoleComplete, marks[0].Role)
}

// A row read through the package's own scanner interface is a read, not
// work: the UPDATE after it is the claim's second step.
func TestClaimReadThroughScanner(t *testing.T) {
	got, _ := roles(t, "claimscanner")
	require.Equal(t, []string{"SELECT claim", "UPDATE claim", "UPDATE complete"}, got)
}

// A method named Scan that is not a row's (a virus scan) is the job's
// work: the UPDATE after it is the outcome.
func TestScanThatIsWork(t *testing.T) {
	got, _ := roles(t, "claimscanwork")
	require.Equal(t, []string{"SELECT claim", "UPDATE complete"}, got)
}

// A cutoff before the clock that a worker hands to an exported method of
// its store through an interface (w.store.Recover(ctx, now.Add(-timeout)))
// makes a reclaim of the method's UPDATE when the package is internal and
// nothing else calls the method; the same UPDATE given a time ahead of
// the clock, or called by no code of the package, stays unknown, and so
// does the first in a package any module may import, or one another
// package of the module calls too.
func TestCutoffThroughAnInterface(t *testing.T) {
	got, _ := roles(t, "ifacecutoff/internal/jobs")
	require.Equal(t, []string{"UPDATE claim", "UPDATE reclaim", "UPDATE none", "UPDATE none"}, got)
	got, _ = roles(t, "ifacecutoff_public")
	require.Equal(t, []string{"UPDATE claim", "UPDATE none", "UPDATE none", "UPDATE none"}, got)
	got, _ = roles(t, "ifacecutoff/internal/shared")
	require.Equal(t, []string{"UPDATE claim", "UPDATE none", "UPDATE none", "UPDATE none"}, got, "admin, another package, calls Recover too")
}

// The same with GORM: a repository's helper binds the state its callers
// in another package give as typed constants of a models package
// (Update("status", status)); the statement is read once per state.
func TestGormStatesGivenByCallersInAnotherPackage(t *testing.T) {
	got, qt := roles(t, "gormcallerstates")
	require.Equal(t, []string{"INSERT enqueue", "SELECT poll", "UPDATE complete", "UPDATE fail"}, got)
	require.Equal(t, "status", qt.StateColumn)
	require.Equal(t, []string{"pending"}, qt.Runnable)
	update := qt.Statements[2]
	require.True(t, update.BoundOutside)
	require.Len(t, update.Call.Stmts, 2)
}

// A GORM store's unexported helper given its state by the store's own
// methods: the values are followed on SSA through the helper's parameter.
func TestGormStatesGivenThroughAHelperParameter(t *testing.T) {
	got, qt := roles(t, "gormlocalstates")
	require.Equal(t, []string{"UPDATE complete", "UPDATE claim", "INSERT enqueue", "SELECT poll"}, got)
	require.Equal(t, []string{"running"}, qt.Claimed)
	require.False(t, qt.Statements[0].BoundOutside)
}

// A DELETE that hands nothing back purges what its WITH query picks: the
// state it picks rows in (2, delivered) is where jobs end, so the Ack into
// it completes and only the Nack retries.
func TestPurgedStateIsNotRunnable(t *testing.T) {
	got, qt := roles(t, "purgeddelivered")
	require.Equal(t, []string{
		"UPDATE claim",
		"UPDATE complete",
		"UPDATE retry",
		"DELETE poll",
	}, got)
	require.Equal(t, []string{"0"}, qt.Runnable)
}
