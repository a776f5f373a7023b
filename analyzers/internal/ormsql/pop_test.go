package ormsql_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gobuffalo/pop/v6"
	"github.com/gobuffalo/pop/v6/columns"
	"github.com/gobuffalo/pop/v6/logging"

	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// The models of testdata/src/popcases, as the real pop sees them.

type Job struct {
	ID        int       `db:"id"`
	Status    string    `db:"status"`
	RunAt     time.Time `db:"run_at"`
	Attempts  int       `db:"attempts" rw:"r"`
	CreatedAt time.Time `db:"created_at"`
	UpdatedAt time.Time `db:"updated_at"`
	Note      string    `db:"-"`
}

type Task struct {
	ID    int    `db:"id"`
	State string `db:"state"`
}

func (Task) TableName() string { return "work_items" }

type CourierMessage struct {
	ID     string `db:"id"`
	Status int    `db:"status"`
	Body   string `db:"body"`
}

func (CourierMessage) TableName(ctx context.Context) string { return "courier_messages" }

type Person struct {
	ID   int    `db:"id"`
	Name string `db:"name"`
	Nick string // no tag: the column is the field's name
}

type Timestamps struct {
	CreatedAt time.Time `db:"created_at"`
	UpdatedAt time.Time `db:"updated_at"`
}

type OutboxEvent struct {
	ID      int    `db:"id"`
	Topic   string `db:"topic"`
	Payload string `db:"payload"`
	Timestamps
}

const popSchema = `
CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', run_at timestamptz NOT NULL DEFAULT now(),
  attempts int NOT NULL DEFAULT 0, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE work_items (id bigserial PRIMARY KEY, state text NOT NULL);
CREATE TABLE courier_messages (id text PRIMARY KEY, status int NOT NULL, body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE people (id bigserial PRIMARY KEY, name text NOT NULL, nick text);
CREATE TABLE outbox_events (id bigserial PRIMARY KEY, topic text, payload text, created_at timestamptz, updated_at timestamptz);
`

// sent runs each case with the real pop on PostgreSQL 15 and returns the
// SQL pop logs for it: the statement its postgres dialect sends, except
// that Create and Update log their :name parameters before sqlx binds
// them (read here as $n in order of first use, as sqlx numbers them).
func sent(t *testing.T) map[string]string {
	t.Helper()
	c, err := pop.NewConnection(&pop.ConnectionDetails{Dialect: "postgres", URL: pgtest.DSN(t)})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.RawQuery(popSchema).Exec(); err != nil {
		t.Fatal(err)
	}
	var (
		mu   sync.Mutex
		last string
	)
	pop.SetTxLogger(func(lvl logging.Level, _ interface{}, s string, args ...interface{}) {
		if lvl == logging.SQL {
			mu.Lock()
			last = s
			mu.Unlock()
		}
	})
	t.Cleanup(func() { pop.SetTxLogger(func(logging.Level, interface{}, string, ...interface{}) {}) })
	out := map[string]string{}
	run := func(name string, f func() error) {
		t.Helper()
		last = ""
		if err := f(); err != nil && !strings.Contains(err.Error(), "no rows") {
			t.Fatalf("%s: %v", name, err)
		}
		sql, _ := sqltext.Named(last)
		out[name] = sql
	}
	job := &Job{Status: "queued", RunAt: time.Now()}
	run("Create", func() error { return c.Create(job) })
	run("AllWhere", func() error { var js []Job; return c.Where("status = ?", "queued").Order("run_at").Limit(10).All(&js) })
	run("FirstChained", func() error {
		var j Job
		q := c.Where("status = ? AND run_at <= now()", "queued")
		q = q.Order("run_at ASC")
		return q.First(&j)
	})
	run("LastWhere", func() error { var j Job; return c.Where("status = ?", "done").Last(&j) })
	run("FindPerson", func() error { var p Person; return c.Find(&p, 7) })
	run("QTableName", func() error { var ts []Task; return c.Q().Where("state = ?", "ready").Where("id > ?", 3).All(&ts) })
	run("PopQContext", func() error {
		var ms []CourierMessage
		return pop.Q(c).Where("status = ?", 1).Order("created_at ASC").All(&ms)
	})
	run("OtherPackageModel", func() error {
		var ms []CourierMessage
		return c.Where("status = ?", 1).Order("created_at ASC").All(&ms)
	})
	run("PointerSlice", func() error { var es []*OutboxEvent; return c.All(&es) })
	run("RawExec", func() error {
		// Values the tool cannot read: this file is in the module jobqlint
		// checks, and the statement is no claim of its own.
		v := strings.Fields("running queued")
		return c.RawQuery("UPDATE jobs SET status = ? WHERE id = ? AND status = ?", v[0], 1, v[1]).Exec()
	})
	run("RawFirst", func() error {
		var j Job
		return c.RawQuery("SELECT * FROM jobs WHERE status = ? ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED", "queued").First(&j)
	})
	run("Update", func() error { return c.Update(job) })
	run("UpdateExcluding", func() error { return c.Update(job, "run_at") })
	run("UpdateColumns", func() error { return c.UpdateColumns(job, "status", "updated_at") })
	run("ValidateAndCreate", func() error { _, err := c.ValidateAndCreate(&Job{Status: "queued", RunAt: time.Now()}); return err })
	run("ValidateAndUpdate", func() error { _, err := c.ValidateAndUpdate(job, "run_at"); return err })
	ev := &OutboxEvent{Topic: "t", Payload: "{}"}
	run("CreateEmbedded", func() error { return c.Create(ev) })
	run("UpdateAllColumns", func() error { return c.UpdateColumns(ev) })
	run("CreateStringID", func() error { return c.Create(&CourierMessage{ID: "m1", Status: 0, Body: "hi"}) })
	run("Destroy", func() error { return c.Destroy(&Person{ID: 1}) })
	branchLate := func(late bool) error {
		var js []Job
		q := c.Where("status = ?", "queued")
		if late {
			q = q.Where("run_at < now()")
		}
		return q.Order("run_at").Limit(10).All(&js)
	}
	ctx := context.Background()
	// pop's logger sees only its own calls: the helper says what it sends.
	helper := func(names ...string) func() error {
		return func() error {
			return saveColumns(ctx, c, job, func(s string) { mu.Lock(); last = s; mu.Unlock() }, names...)
		}
	}
	run("HelperNamed", helper("status"))
	run("HelperAll", helper())
	run("BranchLate", func() error { return branchLate(false) })
	run("BranchLate/late", func() error { return branchLate(true) })
	run("BranchCockroachOnly", func() error {
		var js []Job
		q := c.Where("status = ?", "queued")
		if c.Dialect.Name() == "cockroach" {
			q = q.Where("created_at < now()")
		}
		return q.Order("created_at ASC").Limit(10).All(&js)
	})
	return out
}

// saveColumns is popcases/store's SaveColumns (an application's own
// UPDATE built from pop's model API), which also hands its statement to
// sends.
func saveColumns(ctx context.Context, c *pop.Connection, v interface{}, sends func(string), names ...string) error {
	q, ok := c.Dialect.(interface{ Quote(string) string })
	if !ok {
		return errors.New("the dialect does not quote")
	}
	m := pop.NewModel(v, ctx)
	var cols columns.Columns
	if len(names) > 0 {
		cols = columns.NewColumnsWithAlias(m.TableName(), m.As, m.IDField())
		cols.Add(names...)
	} else {
		cols = columns.ForStructWithAlias(v, m.TableName(), m.As, m.IDField())
	}
	stmt := fmt.Sprintf("UPDATE %s AS %s SET %s WHERE %s",
		q.Quote(m.TableName()), m.Alias(), cols.Writeable().QuotedUpdateString(q), m.WhereNamedID())
	sends(stmt)
	res, err := c.Store.NamedExecContext(ctx, stmt, v)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.New("no row")
	}
	return nil
}

// TestPopMatchesPop checks each statement the reader rebuilds against the
// one the real pop sends for the same call. A model whose table pop names
// by an irregular plural (Person's people) is left unread, not guessed.
func TestPopMatchesPop(t *testing.T) {
	want := sent(t)
	got := read(t, "popcases")
	irregular := map[string]bool{"FindPerson": true, "Destroy": true}
	for name, sql := range want {
		if strings.Contains(name, "/") {
			continue // another path of a case: TestPopBranchesMatchPop
		}
		st, ok := got[name]
		if !ok {
			t.Errorf("%s: not read", name)
			continue
		}
		if irregular[name] {
			if st.Known || !strings.Contains(st.Unread, "irregular") {
				t.Errorf("%s: read as %q (%s); pop sends %s, from an irregular plural", name, st.SQL, st.Unread, sql)
			}
			continue
		}
		if !st.Known {
			t.Errorf("%s: unread (%s); pop sends %s", name, st.Unread, sql)
			continue
		}
		if st.SQL != sql {
			t.Errorf("%s:\n got %s\nwant %s", name, st.SQL, sql)
		}
	}
}

// TestPopUnread: calls whose SQL depends on what the tool cannot see stay
// unread, with the reason; none is guessed.
func TestPopUnread(t *testing.T) {
	got := read(t, "popcases")
	for name, why := range map[string]string{
		"UnreadChangedInBranch":   "changed outside its chain",
		"UnreadDynamicWhere":      "is not a constant",
		"UnreadIn":                "IN (?)",
		"UnreadExecWithoutRaw":    "Exec of a query without RawQuery",
		"UnreadCount":             "Count is not read",
		"UnreadMapModel":          "not a named struct",
		"UnreadOtherPackageTable": "another package whose TableName does not return a constant",
		"UnreadOrderSemicolon":    "Order with arguments or a ;",
		"UnreadRawAfterWhere":     "RawQuery and other clauses",
		"UnreadHelperNames":       "column names that are not constants",
	} {
		st, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s: not seen as a pop call", name)
		case st.Known:
			t.Errorf("%s: read as %s", name, st.SQL)
		case !strings.Contains(st.Unread, why):
			t.Errorf("%s: unread because %q, want %q", name, st.Unread, why)
		}
	}
}

// TestPopLimitParam: a LIMIT pop formats from a variable is a parameter
// bound to that variable.
func TestPopLimitParam(t *testing.T) {
	st := read(t, "popcases")["LimitParam"]
	want := "SELECT jobs.attempts, jobs.created_at, jobs.id, jobs.run_at, jobs.status, jobs.updated_at FROM jobs AS jobs WHERE status = $1 LIMIT $2"
	if st.SQL != want || len(st.Args) != 2 {
		t.Errorf("got %q with %d args, want %q with 2", st.SQL, len(st.Args), want)
	}
}

// TestPopBranchesMatchPop: a query built otherwise on some paths is a
// statement per path, each the one the real pop sends on that path; a
// path taken only on another database (pop's dialect named "cockroach")
// is left out.
func TestPopBranchesMatchPop(t *testing.T) {
	want := sent(t)
	got := read(t, "popcases")
	late := got["BranchLate"]
	if late.SQL != want["BranchLate"] || len(late.Variants) != 1 || late.Variants[0].SQL != want["BranchLate/late"] {
		t.Errorf("BranchLate: got %q with variants %+v\nwant %q with the variant %q", late.SQL, late.Variants, want["BranchLate"], want["BranchLate/late"])
	}
	if len(late.Args) != 1 || len(late.Variants) == 1 && len(late.Variants[0].Args) != 1 {
		t.Errorf("BranchLate: each path binds the status, got %d and %+v", len(late.Args), late.Variants)
	}
	crdb := got["BranchCockroachOnly"]
	if crdb.SQL != want["BranchCockroachOnly"] || len(crdb.Variants) != 0 {
		t.Errorf("BranchCockroachOnly: got %q with variants %+v, want %q alone", crdb.SQL, crdb.Variants, want["BranchCockroachOnly"])
	}
}

// TestPopModelWriteHelper: an application's helper that builds its UPDATE
// from pop's model API (popcases/store, another package: read through its
// fact) sends, for each call, the statement the real pop API builds for
// the caller's model and names. The helper sets the names when it is
// given some and every writeable column otherwise; the reader does not
// read that condition, so a call with names has the other list as a
// Variant. Functions that send SQL in other ways are no such helper.
func TestPopModelWriteHelper(t *testing.T) {
	want := sent(t)
	got := read(t, "popcases")
	named, all := got["HelperNamed"], got["HelperAll"]
	if named.SQL != want["HelperNamed"] || len(named.Variants) != 1 || named.Variants[0].SQL != want["HelperAll"] {
		t.Errorf("HelperNamed: got %q (%s) with variants %+v\nwant %q with the variant %q", named.SQL, named.Unread, named.Variants, want["HelperNamed"], want["HelperAll"])
	}
	if all.SQL != want["HelperAll"] || len(all.Variants) != 0 {
		t.Errorf("HelperAll: got %q (%s) with variants %+v, want %q alone", all.SQL, all.Unread, all.Variants, want["HelperAll"])
	}
	if named.Method != "Exec" || named.ResultChecked {
		t.Errorf("HelperNamed: method %s, result checked %v; want Exec whose count the caller does not see", named.Method, named.ResultChecked)
	}
	if b := got["HelperBound"]; b.SQL != want["HelperNamed"] || b.Consts[1] != "running" {
		t.Errorf("HelperBound: got %q with constants %v, want %q with $1 bound to running", b.SQL, b.Consts, want["HelperNamed"])
	}
	if b := got["HelperBoundOnce"]; b.SQL != want["HelperNamed"] || len(b.Consts) != 0 || len(b.Sets) != 0 {
		t.Errorf("HelperBoundOnce: got %q with constants %v %v, want %q with no constant", b.SQL, b.Consts, b.Sets, want["HelperNamed"])
	}
	for _, name := range []string{"NotHelperTouch", "NotHelperMark"} {
		if st, ok := got[name]; ok {
			t.Errorf("%s: read as a statement %q (%s)", name, st.SQL, st.Unread)
		}
	}
}
