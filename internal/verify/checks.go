package verify

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// claimrace runs the poll and the take from two connections in lock-step
// and reports whether both got the same job.
func (c *checker) claimrace(ctx context.Context) *Evidence {
	poll := c.f.statementAt(c.f.Pos)
	if poll == nil {
		return notTried("no statement the queue model read is at this position")
	}
	qt := c.tableOf(poll)
	if qt == nil {
		return notTried("the statement is on no queue table the model knows")
	}
	a, err := c.conn(ctx)
	if err != nil {
		return notTried("connect: %v", err)
	}
	b, err := c.conn(ctx)
	if err != nil {
		return notTried("connect: %v", err)
	}
	if err := c.seed(ctx, a, qt.Name, qt.StateColumn, rows{n: 3, state: runnableState(qt), at: "now() - i * interval '1 minute'"}); err != nil {
		return notTried("%v", err)
	}
	seeded := fmt.Sprintf("With 3 runnable jobs in %s, ", queuemodel.TableName(qt.Name))
	if step := poll.Step; step != nil && queuemodel.LockReleased(poll, step) {
		return c.twoStepRace(ctx, a, b, poll, step, seeded)
	}
	return c.oneStatementRace(ctx, a, b, poll, qt, seeded)
}

// twoStepRace: both workers poll before either takes the job.
func (c *checker) twoStepRace(ctx context.Context, a, b *pgx.Conn, poll, step *queuemodel.Statement, seeded string) *Evidence {
	p, err := c.prepare(ctx, a, poll, nil, true)
	if err != nil {
		return notTried("the poll %s cannot run: %v", c.f.where(poll), err)
	}
	rowsA, names, _, errA := run(ctx, a, p)
	rowsB, _, _, errB := run(ctx, b, p)
	if errA != nil || errB != nil {
		return notTried("the poll %s failed: %s", c.f.where(poll), errText(firstErr(errA, errB)))
	}
	if len(rowsA) == 0 || len(rowsB) == 0 {
		return notTried("%sthe poll %s found no job%s", seeded, c.f.where(poll), filledNote(p))
	}
	var affected [2]int64
	for i, w := range []struct {
		conn *pgx.Conn
		row  []any
	}{{a, rowsA[0]}, {b, rowsB[0]}} {
		s, err := c.prepare(ctx, w.conn, step, fromScan(c.f.Info, poll, step, names, w.row), false)
		if err != nil {
			return notTried("the take %s cannot run: %v", c.f.where(step), err)
		}
		if _, _, affected[i], err = run(ctx, w.conn, s); err != nil {
			return notTried("the take %s failed: %s", c.f.where(step), errText(err))
		}
	}
	same := fmt.Sprint(rowsA[0]) == fmt.Sprint(rowsB[0])
	summary := fmt.Sprintf("%sworker A ran the poll %s and got %s; worker B ran it before A's take and got %s; A's take %s updated %d row, B's updated %d",
		seeded, c.f.where(poll), describe(names, rowsA[0]), describe(names, rowsB[0]), c.f.where(step), affected[0], affected[1])
	if same && affected[0] == 1 && affected[1] == 1 {
		return verified(true, "%s: both workers claimed %s.%s", summary, describe(names, rowsA[0]), filledNote(p))
	}
	return verified(false, "%s: no job was claimed twice.%s", summary, filledNote(p))
}

// oneStatementRace: worker A's claim is in flight (its transaction open)
// while worker B runs the same claim.
func (c *checker) oneStatementRace(ctx context.Context, a, b *pgx.Conn, claim *queuemodel.Statement, qt *queuemodel.QueueTable, seeded string) *Evidence {
	p, err := c.prepare(ctx, a, claim, nil, true)
	if err != nil {
		return notTried("the claim %s cannot run: %v", c.f.where(claim), err)
	}
	state, ok := qt.AssignedState(claim)
	if !ok || qt.StateColumn == "" {
		return notTried("the claim %s sets no state verify can count", c.f.where(claim))
	}
	var pidB int
	if err := b.QueryRow(ctx, "SELECT pg_backend_pid()").Scan(&pidB); err != nil {
		return notTried("%v", err)
	}
	tx, err := a.Begin(ctx)
	if err != nil {
		return notTried("%v", err)
	}
	defer tx.Rollback(ctx)
	_, _, affA, err := run(ctx, tx, p)
	if err != nil {
		return notTried("the claim %s failed: %s", c.f.where(claim), errText(err))
	}
	watcher, err := c.conn(ctx)
	if err != nil {
		return notTried("connect: %v", err)
	}
	done := make(chan result, 1)
	go func() {
		_, _, n, err := run(ctx, b, p)
		done <- result{n, err}
	}()
	waited, rb := waitForLock(ctx, watcher, pidB, done)
	if err := tx.Commit(ctx); err != nil {
		return notTried("%v", err)
	}
	if rb == nil {
		r := <-done
		rb = &r
	}
	if rb.err != nil {
		return notTried("worker B's claim failed: %s", errText(rb.err))
	}
	var claimed int
	q := fmt.Sprintf("SELECT count(*) FROM %s WHERE %s", ident(qt.Name), stateTest(qt.StateColumn, state))
	if err := a.QueryRow(ctx, q).Scan(&claimed); err != nil {
		return notTried("%v", err)
	}
	how := "ran it while A's transaction was open"
	if waited {
		how = "ran it while A's transaction was open, waited for A's row lock"
	}
	summary := fmt.Sprintf("%sworker A ran the claim %s in a transaction (%d row); worker B %s, and took %d row; %d job is in state %s",
		seeded, c.f.where(claim), affA, how, rb.affected, claimed, stateDesc(qt, state))
	if affA == 1 && rb.affected == 1 && claimed == 1 {
		return verified(true, "%s: both workers claimed the same job.%s", summary, filledNote(p))
	}
	return verified(false, "%s: no job was claimed twice.%s", summary, filledNote(p))
}

type result struct {
	affected int64
	err      error
}

// waitForLock waits, up to five seconds, until backend pid waits for a
// lock, or its statement ends (its result is then returned).
func waitForLock(ctx context.Context, conn *pgx.Conn, pid int, done <-chan result) (bool, *result) {
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case r := <-done:
			return false, &r
		default:
		}
		var waiting bool
		err := conn.QueryRow(ctx, `SELECT coalesce(wait_event_type = 'Lock', false) FROM pg_stat_activity WHERE pid = $1`, pid).Scan(&waiting)
		if err == nil && waiting {
			return true, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false, nil
}

// pollindex runs EXPLAIN (ANALYZE, BUFFERS) of the poll twice, for the
// two costs the rule's findings name: over many finished jobs and a few
// runnable ones (the poll walks the finished jobs), then with a backlog of
// runnable jobs added (the poll reads and sorts every waiting job to take
// the first). The finding is withdrawn only when both plans reach the first
// runnable job through an index, in order: a plan fast over 20 runnable
// jobs says nothing about sorting a backlog. A table whose jobs are deleted
// when done (no finished state to seed) gets the backlog alone.
func (c *checker) pollindex(ctx context.Context) *Evidence {
	var poll *queuemodel.Statement
	for _, r := range append(c.f.Related, c.f.Pos) {
		if poll = c.f.statementAt(r); poll != nil {
			break
		}
	}
	if poll == nil {
		return notTried("no statement the queue model read is at this finding's positions")
	}
	qt := c.tableOf(poll)
	if qt == nil {
		return notTried("the poll is on no queue table the model knows")
	}
	conn, err := c.conn(ctx)
	if err != nil {
		return notTried("connect: %v", err)
	}
	const nFinished, nRunnable, nBacklog = 100000, 20, 100000
	var summaries []string
	if done, finished := finishedRows(qt); done != nil {
		if err := c.seed(ctx, conn, qt.Name, qt.StateColumn, rows{n: nFinished, at: "now() - (i % 90) * interval '1 day'", set: done}); err != nil {
			return notTried("%v", err)
		}
		if err := c.seed(ctx, conn, qt.Name, qt.StateColumn, rows{n: nRunnable, state: runnableState(qt), at: "now() - i * interval '1 minute'"}); err != nil {
			return notTried("%v", err)
		}
		pl, pages, p, ev := c.explainPoll(ctx, conn, qt, poll)
		if ev != nil {
			return ev
		}
		summary := fmt.Sprintf("With %d finished jobs (%s) and %d runnable ones in %s (%d pages), EXPLAIN (ANALYZE, BUFFERS) of the poll %s: %s, %d buffers (%d hit, %d read)",
			nFinished, finished, nRunnable, queuemodel.TableName(qt.Name), pages, c.f.where(poll), pl.access(), pl.hit+pl.read, pl.hit, pl.read)
		if !pl.reachesRunnable(pages) {
			return verified(true, "%s: the poll walks the finished jobs.%s", summary, filledNote(p))
		}
		summaries = append(summaries, summary)
	}
	// A backlog: the runnable jobs pile up (a burst, or workers down).
	if err := c.seed(ctx, conn, qt.Name, qt.StateColumn, rows{n: nBacklog, state: runnableState(qt), at: "now() - i * interval '1 second'"}); err != nil {
		return notTried("%v", err)
	}
	pl, pages, p, ev := c.explainPoll(ctx, conn, qt, poll)
	if ev != nil {
		return ev
	}
	summaries = append(summaries, fmt.Sprintf("with a backlog of %d more runnable jobs (%d pages), %s, %d buffers (%d hit, %d read)%s",
		nBacklog, pages, pl.access(), pl.hit+pl.read, pl.hit, pl.read, pl.sortNote()))
	summary := strings.Join(summaries, "; ")
	if !pl.servedInOrder(pages, nBacklog) {
		return verified(true, "%s: the poll reads and sorts the waiting jobs to take the first.%s", summary, filledNote(p))
	}
	return verified(false, "%s: the planner serves the poll from the index %s, which the static rule did not credit, in the poll's order; the finding is withdrawn.%s", summary, pl.index, filledNote(p))
}

// explainPoll analyzes the table and runs EXPLAIN (ANALYZE, BUFFERS) of the
// poll in a transaction it rolls back (a claim's EXPLAIN ANALYZE takes the
// job). ev is set when it could not.
func (c *checker) explainPoll(ctx context.Context, conn *pgx.Conn, qt *queuemodel.QueueTable, poll *queuemodel.Statement) (pl plan, pages int, p *prepared, ev *Evidence) {
	if _, err := conn.Exec(ctx, "ANALYZE "+ident(qt.Name)); err != nil {
		return pl, 0, nil, notTried("%v", err)
	}
	if err := conn.QueryRow(ctx, "SELECT relpages FROM pg_class WHERE oid = $1::regclass", ident(qt.Name)).Scan(&pages); err != nil {
		return pl, 0, nil, notTried("%v", err)
	}
	p, err := c.prepare(ctx, conn, poll, nil, true)
	if err != nil {
		return pl, 0, nil, notTried("the poll %s cannot run: %v", c.f.where(poll), err)
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		return pl, 0, nil, notTried("%v", err)
	}
	defer tx.Rollback(ctx)
	var raw []byte
	if err := tx.QueryRow(ctx, "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) "+p.sql, p.args...).Scan(&raw); err != nil {
		return pl, 0, nil, notTried("EXPLAIN of the poll %s failed: %s", c.f.where(poll), errText(err))
	}
	pl, err = readPlan(raw, relName(qt.Name))
	if err != nil {
		return pl, 0, nil, notTried("reading the plan: %v", err)
	}
	return pl, pages, p, nil
}

// A plan is what EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) says of a query's
// access to one table.
type plan struct {
	seqScan   bool
	index     string // the index the table is read through, if any
	nodeType  string
	hit, read int64
	// sorted is the number of rows a Sort node of the plan sorted (its
	// input's actual rows); 0 when the plan sorts nothing.
	sorted int64
}

// reachesRunnable reports whether the plan reaches the runnable jobs
// through an index of the table, reading a tenth of its pages at most.
func (p plan) reachesRunnable(pages int) bool {
	return p.index != "" && !p.seqScan && (p.hit+p.read)*10 < int64(pages)
}

// servedInOrder reports whether the plan also takes them in the poll's
// order: it sorts a tenth of the backlog at most (none, from an index in
// that order).
func (p plan) servedInOrder(pages, backlog int) bool {
	return p.reachesRunnable(pages) && p.sorted*10 < int64(backlog)
}

func (p plan) sortNote() string {
	if p.sorted == 0 {
		return ""
	}
	return fmt.Sprintf(", sorting %d rows", p.sorted)
}

func (p plan) access() string {
	switch {
	case p.seqScan:
		return "Seq Scan"
	case p.index != "":
		return p.nodeType + " using " + p.index
	}
	return "no scan of the table"
}

func readPlan(raw []byte, table string) (plan, error) {
	var doc []struct {
		Plan map[string]any `json:"Plan"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil || len(doc) == 0 {
		return plan{}, fmt.Errorf("unexpected EXPLAIN output")
	}
	var p plan
	num := func(v any) int64 { f, _ := v.(float64); return int64(f) }
	p.hit, p.read = num(doc[0].Plan["Shared Hit Blocks"]), num(doc[0].Plan["Shared Read Blocks"])
	var walk func(n map[string]any)
	walk = func(n map[string]any) {
		if typ, _ := n["Node Type"].(string); strings.HasSuffix(typ, "Sort") {
			for _, ch := range children(n) {
				p.sorted += num(ch["Actual Rows"])
			}
		}
		if n["Relation Name"] == table {
			typ, _ := n["Node Type"].(string)
			switch {
			case typ == "Seq Scan":
				p.seqScan = true
			case strings.Contains(typ, "Index Scan") && p.index == "":
				p.index, _ = n["Index Name"].(string)
				p.nodeType = typ
			case typ == "Bitmap Heap Scan" && p.index == "":
				for _, ch := range children(n) {
					if name, ok := ch["Index Name"].(string); ok {
						p.index, p.nodeType = name, "Bitmap Heap Scan"
					}
				}
			}
		}
		for _, ch := range children(n) {
			walk(ch)
		}
	}
	walk(doc[0].Plan)
	return p, nil
}

func children(n map[string]any) []map[string]any {
	var out []map[string]any
	list, _ := n["Plans"].([]any)
	for _, c := range list {
		if m, ok := c.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// relName is a qualified table name without its schema, as EXPLAIN names it.
func relName(name string) string {
	_, rel, ok := strings.Cut(name, ".")
	if !ok {
		return name
	}
	return rel
}

// The instant the timestamptz check writes at, in summer in London (BST,
// UTC+1), and the instant it polls at half an hour later.
const (
	summerWrite = "2026-07-01 12:00:00+00"
	summerPoll  = "2026-07-01 12:30:00+00"
)

// timestamptz writes now() from a Europe/London session at a summer
// instant and reads it back from a UTC session, with the module's poll.
func (c *checker) timestamptz(ctx context.Context) *Evidence {
	table, col := c.columnAt()
	if col == nil {
		return notTried("no column of the schema jobqlint read is at this position")
	}
	var qt *queuemodel.QueueTable
	stateCol, state := "", ""
	if qt = c.f.Model.Tables[table.Name]; qt != nil {
		stateCol, state = qt.StateColumn, runnableState(qt)
	}
	london, err := c.conn(ctx)
	if err != nil {
		return notTried("connect: %v", err)
	}
	if _, err := london.Exec(ctx, "SET TIME ZONE 'Europe/London'"); err != nil {
		return notTried("%v", err)
	}
	if err := setClock(ctx, london, "'"+summerWrite+"'"); err != nil {
		return notTried("setting the clock: %v", err)
	}
	if err := c.seed(ctx, london, table.Name, stateCol, rows{n: 1, state: state, set: map[string]string{col.Name: "now()"}}); err != nil {
		return notTried("%v", err)
	}
	utc, err := c.conn(ctx)
	if err != nil {
		return notTried("connect: %v", err)
	}
	if err := setClock(ctx, utc, "'"+summerPoll+"'"); err != nil {
		return notTried("setting the clock: %v", err)
	}
	var stored string
	var offset float64
	q := fmt.Sprintf("SELECT %[1]s::text, extract(epoch FROM %[1]s::timestamptz - '%[2]s'::timestamptz) FROM %[3]s", pgx.Identifier{col.Name}.Sanitize(), summerWrite, ident(table.Name))
	if err := utc.QueryRow(ctx, q).Scan(&stored, &offset); err != nil {
		return notTried("reading %s back: %s", col.Name, errText(err))
	}
	summary := fmt.Sprintf("A Europe/London session wrote now() = %s (12:00 UTC, summer) into %s.%s; a UTC session reads back %s, %s",
		summerWrite, queuemodel.TableName(table.Name), col.Name, stored, offsetText(offset))
	notes := ""
	if qt != nil {
		var polls string
		polls, notes = c.pollAt(ctx, utc, qt, col.Name)
		summary += polls
	}
	return verified(offset != 0, "%s.%s", summary, notes)
}

func offsetText(seconds float64) string {
	switch {
	case seconds == 0:
		return "the instant that was written"
	case seconds > 0:
		return fmt.Sprintf("%s later than the instant written", time.Duration(seconds)*time.Second)
	}
	return fmt.Sprintf("%s earlier than the instant written", time.Duration(-seconds)*time.Second)
}

// pollAt runs, at the session's clock (half an hour after the job was
// due), the module's polls of qt that compare column col with a time (in a
// transaction rolled back) and says whether they find the job; parameters
// of a timestamp type are that instant too.
func (c *checker) pollAt(ctx context.Context, conn *pgx.Conn, qt *queuemodel.QueueTable, col string) (string, string) {
	at, _ := time.Parse("2006-01-02 15:04:05-07", summerPoll)
	c.now = at
	defer func() { c.now = time.Time{} }()
	var out, notes []string
	for _, st := range qt.Statements {
		if st.Role == queuemodel.RoleNone || !comparesTime(st, col) {
			continue
		}
		found, note, err := c.offers(ctx, conn, st)
		if err != nil {
			out = append(out, fmt.Sprintf("the poll %s could not run: %v", c.f.where(st), err))
			continue
		}
		verb := "finds no job, half an hour after the job was due"
		if found {
			verb = "finds the job"
		}
		out = append(out, fmt.Sprintf("at %s the module's poll %s %s", summerPoll, c.f.where(st), verb))
		if note != "" {
			notes = append(notes, note)
		}
	}
	if len(out) == 0 {
		return "", ""
	}
	return "; " + strings.Join(out, "; "), strings.Join(notes, "")
}

// comparesTime reports whether a statement's polls compare col by a range
// (run_at <= now()): a time comparison the zone shifts. A column a poll
// tests for NULL (completed_at IS NULL) is a state, not a time.
func comparesTime(st *queuemodel.Statement, col string) bool {
	var in func(ps []sqlcheck.Pred) bool
	in = func(ps []sqlcheck.Pred) bool {
		for _, p := range ps {
			switch p.Op {
			case sqlcheck.OpLt, sqlcheck.OpLe, sqlcheck.OpGt, sqlcheck.OpGe:
				if p.Column == col {
					return true
				}
			}
			for _, b := range p.Branches {
				if in(b) {
					return true
				}
			}
		}
		return false
	}
	for _, poll := range st.Polls {
		if in(poll.Where) {
			return true
		}
	}
	return false
}

// offers runs a poll or claim in a transaction rolled back and reports
// whether it returns or takes a job.
func (c *checker) offers(ctx context.Context, conn *pgx.Conn, st *queuemodel.Statement) (bool, string, error) {
	p, err := c.prepare(ctx, conn, st, nil, true)
	if err != nil {
		return false, "", err
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		return false, "", err
	}
	defer tx.Rollback(ctx)
	got, _, affected, err := run(ctx, tx, p)
	if err != nil {
		return false, "", fmt.Errorf("%s", errText(err))
	}
	return len(got) > 0 || affected > 0, filledNote(p), nil
}

// columnAt returns the timestamp column the finding points at. A schema
// in a Go string that is not exact places every column at the literal's
// start: the finding's message, which names the column, tells them apart.
func (c *checker) columnAt() (*sqlcheck.Table, *sqlcheck.Column) {
	schema := c.f.Model.Schema()
	if schema == nil {
		return nil, nil
	}
	type hit struct {
		t   *sqlcheck.Table
		col *sqlcheck.Column
	}
	var hits []hit
	for _, t := range schema.Tables {
		for _, col := range t.Columns {
			l := col.Type.Loc
			if col.Type.Name == "timestamp" && l.Line == c.f.Pos.Line && l.Col == c.f.Pos.Column && sameFile(l.File, c.f.Pos.Filename) {
				hits = append(hits, hit{t, col})
			}
		}
	}
	if len(hits) == 1 {
		return hits[0].t, hits[0].col
	}
	for _, h := range hits {
		if strings.HasPrefix(c.f.Message, queuemodel.TableName(h.t.Name)+"."+h.col.Name+" is ") {
			return h.t, h.col
		}
	}
	return nil, nil
}

// lease claims a job, drops the claiming connection, moves the clock a day
// on and runs the module's reclaims, then asks its polls for the job.
//
// A claim on a transaction may be in hand before or after its commit,
// depending on where the code commits, which the model does not follow: it
// is tried both ways, and verified only when both leave the job lost.
func (c *checker) lease(ctx context.Context) *Evidence {
	claim := c.f.statementAt(c.f.Pos)
	if claim == nil {
		return notTried("this finding is not at a statement the model knows; verify runs statements only")
	}
	if claim.Role != queuemodel.RoleClaim {
		return notTried("the statement %s is not a claim", c.f.where(claim))
	}
	qt := c.tableOf(claim)
	if qt == nil {
		return notTried("the claim is on no queue table the model knows")
	}
	steps := []*queuemodel.Statement{claim}
	if claim.PolledBy != nil {
		steps = []*queuemodel.Statement{claim.PolledBy, claim}
	}
	autocommit := true
	for _, st := range steps {
		autocommit = autocommit && st.Call.Receiver.Autocommit()
	}
	committed := c.loseJob(ctx, qt, steps, true)
	if committed.ev != nil {
		return committed.ev
	}
	lease := "the schema has no lease column"
	if cols := qt.LeaseColumns(); len(cols) > 0 {
		lease = "past the lease in " + strings.Join(cols, ", ")
	}
	summary := fmt.Sprintf("A worker claimed a job with %s and its connection was dropped; a day later by now() (%s), %s",
		whereAll(c.f, steps), lease, committed.reclaims)
	if !autocommit {
		open := c.loseJob(ctx, qt, steps, false)
		if open.ev != nil {
			return open.ev
		}
		if len(open.offered) > 0 && len(committed.offered) == 0 {
			return notTried("%s; the claim runs in a transaction: dropped after its commit, the job is offered by no poll of the module (%s) and stays %s; dropped before its commit, it is offered again by %s. Which one a killed worker leaves depends on whether the code commits before it runs the job, which verify does not follow.%s",
				summary, strings.Join(committed.asked, ", "), stateDesc(qt, mustState(qt, claim)), strings.Join(open.offered, ", "), committed.notes)
		}
	}
	if len(committed.offered) > 0 {
		return verified(false, "%s; the job is offered again by %s.%s", summary, strings.Join(committed.offered, ", "), committed.notes)
	}
	return verified(true, "%s; no poll of the module (%s) offers the job again: it stays %s for ever.%s",
		summary, strings.Join(committed.asked, ", "), stateDesc(qt, mustState(qt, claim)), committed.notes)
}

// A lostJob is what became of a job whose worker died: the polls asked for
// it and those that offered it again.
type lostJob struct {
	ev       *Evidence // set when the scenario could not be run
	reclaims string
	asked    []string
	offered  []string
	notes    string
}

// loseJob seeds one runnable job, claims it with steps on a connection
// that is then closed (after committing, or with the transaction open),
// moves the clock a day on, runs the module's reclaims and asks its polls
// for the job. The table is emptied afterwards.
func (c *checker) loseJob(ctx context.Context, qt *queuemodel.QueueTable, steps []*queuemodel.Statement, commit bool) lostJob {
	fail := func(format string, args ...any) lostJob { return lostJob{ev: notTried(format, args...)} }
	worker, err := c.conn(ctx)
	if err != nil {
		return fail("connect: %v", err)
	}
	if _, err := worker.Exec(ctx, "DELETE FROM "+ident(qt.Name)); err != nil {
		return fail("emptying %s: %s", queuemodel.TableName(qt.Name), errText(err))
	}
	if err := c.seed(ctx, worker, qt.Name, qt.StateColumn, rows{n: 1, state: runnableState(qt), at: "now() - interval '1 minute'"}); err != nil {
		return fail("%v", err)
	}
	tx, err := worker.Begin(ctx)
	if err != nil {
		return fail("%v", err)
	}
	var (
		given map[int]any
		took  bool
		notes []string
	)
	for i, st := range steps {
		p, err := c.prepare(ctx, worker, st, given, i == 0)
		if err != nil {
			return fail("%s cannot run: %v", c.f.where(st), err)
		}
		got, names, affected, err := run(ctx, tx, p)
		if err != nil {
			return fail("%s failed: %s", c.f.where(st), errText(err))
		}
		notes = append(notes, strings.TrimSpace(filledNote(p)))
		if i == 0 && len(steps) == 2 {
			if len(got) == 0 {
				return fail("the poll %s found no job", c.f.where(st))
			}
			given = fromScan(c.f.Info, st, steps[1], names, got[0])
			continue
		}
		took = len(got) > 0 || affected > 0
	}
	if !took {
		return fail("the claim %s took no job", c.f.where(steps[len(steps)-1]))
	}
	if commit {
		if err := tx.Commit(ctx); err != nil {
			return fail("%v", err)
		}
	}
	worker.Close(ctx) // the worker dies with the job in hand

	reaper, err := c.conn(ctx)
	if err != nil {
		return fail("connect: %v", err)
	}
	if err := setClock(ctx, reaper, "pg_catalog.now() + interval '1 day'"); err != nil {
		return fail("setting the clock: %v", err)
	}
	c.now = time.Now().Add(24 * time.Hour)
	c.nowText = "the check's clock, a day on"
	defer func() { c.now, c.nowText = time.Time{}, "" }()
	var ran []string
	for _, st := range qt.Statements {
		if st.Role != queuemodel.RoleReclaim {
			continue
		}
		p, err := c.prepare(ctx, reaper, st, nil, true)
		if err != nil {
			ran = append(ran, fmt.Sprintf("the reclaim %s could not run: %v", c.f.where(st), err))
			continue
		}
		_, _, n, err := run(ctx, reaper, p)
		if err != nil {
			ran = append(ran, fmt.Sprintf("the reclaim %s failed: %s", c.f.where(st), errText(err)))
			continue
		}
		ran = append(ran, fmt.Sprintf("the reclaim %s returned %d job(s)", c.f.where(st), n))
	}
	if len(ran) == 0 {
		ran = []string{"the module has no reclaim statement"}
	}
	out := lostJob{reclaims: strings.Join(ran, "; "), notes: joinNotes(notes)}
	for _, st := range qt.Statements {
		if len(st.Polls) == 0 || st.Role == queuemodel.RoleNone {
			continue
		}
		found, _, err := c.offers(ctx, reaper, st)
		if err != nil {
			continue
		}
		out.asked = append(out.asked, c.f.where(st))
		if found {
			out.offered = append(out.offered, c.f.where(st))
		}
	}
	if len(out.asked) == 0 {
		return fail("no poll of the module could be run to ask for the job")
	}
	return out
}

func mustState(qt *queuemodel.QueueTable, st *queuemodel.Statement) string {
	v, _ := qt.AssignedState(st)
	return v
}

// stateDesc shows a state for a summary: 'running', or "ran_at set".
func stateDesc(qt *queuemodel.QueueTable, state string) string {
	switch state {
	case sqlcheck.StateNotNull:
		return "with " + qt.StateColumn + " set"
	case sqlcheck.StateNull:
		return "with " + qt.StateColumn + " NULL"
	}
	return stateLiteral(state)
}

func whereAll(f Finding, sts []*queuemodel.Statement) string {
	var out []string
	for _, st := range sts {
		out = append(out, f.where(st))
	}
	return strings.Join(out, " and ")
}

func joinNotes(notes []string) string {
	var out []string
	for _, n := range notes {
		if n != "" {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return ""
	}
	return " " + strings.Join(out, " ")
}

// filledNote says which parameters of a statement were filled from their
// types.
func filledNote(p *prepared) string {
	if p == nil || len(p.filled) == 0 {
		return ""
	}
	return fmt.Sprintf(" Parameters of %s filled: %s.", p.where, strings.Join(p.filled, ", "))
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// finishedRows returns the values a completion of the module leaves a job
// with (status = 'done'; completed_at = now(), lock = NULL), as SQL by
// column, and how it reads; nil when no completion sets only values that
// need no Go value.
func finishedRows(qt *queuemodel.QueueTable) (map[string]string, string) {
	for _, st := range qt.Statements {
		if st.Role != queuemodel.RoleComplete || st.Kind != sqlcheck.KindUpdate {
			continue
		}
		set := map[string]string{}
		var desc []string
		for _, a := range st.Set {
			switch a.Value.Kind {
			case sqlcheck.ValueConst:
				set[a.Column] = stateLiteral(a.Value.Str)
			case sqlcheck.ValueNull:
				set[a.Column] = "NULL"
			case sqlcheck.ValueNow:
				set[a.Column] = "now() - (i % 90) * interval '1 day'"
			default:
				continue
			}
			desc = append(desc, a.Column+" = "+a.Value.Text)
		}
		if qt.StateColumn != "" && set[qt.StateColumn] != "" {
			return set, strings.Join(desc, ", ")
		}
	}
	return nil, ""
}
