package orypop_test

import (
	"context"
	"go/ast"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ory/pop/v6"
	"github.com/ory/pop/v6/logging"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/ormsql"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// The models of ormsql's testdata/src/orypopcases, as the fork sees them.

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
	Nick string
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

const schema = `
CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', run_at timestamptz NOT NULL DEFAULT now(),
  attempts int NOT NULL DEFAULT 0, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE work_items (id bigserial PRIMARY KEY, state text NOT NULL);
CREATE TABLE courier_messages (id text PRIMARY KEY, status int NOT NULL, body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE people (id bigserial PRIMARY KEY, name text NOT NULL, nick text);
CREATE TABLE outbox_events (id bigserial PRIMARY KEY, topic text, payload text, created_at timestamptz, updated_at timestamptz);
`

// sent runs each case with the fork on PostgreSQL 15 and returns the SQL
// it logs: the statement its postgres dialect sends, except that Create
// and Update log their :name parameters before sqlx binds them (read as
// $n in order of first use, as sqlx numbers them).
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
	if err := c.RawQuery(schema).Exec(); err != nil {
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
		return c.RawQuery("UPDATE jobs SET status = ? WHERE id = ? AND status = ?", "running", 1, "queued").Exec()
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
	return out
}

// TestReaderMatchesFork checks each statement the reader rebuilds from
// the fixture's call against the one the fork sends for the same call.
func TestReaderMatchesFork(t *testing.T) {
	want := sent(t)
	got := read(t, "orypopcases")
	for name, sql := range want {
		st, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s: not read", name)
		case !st.Known:
			t.Errorf("%s: unread (%s); the fork sends %s", name, st.Unread, sql)
		case st.SQL != sql:
			t.Errorf("%s:\n got %s\nwant %s", name, st.SQL, sql)
		}
	}
}

// read runs ormsql's readers over a package of ormsql's testdata/src
// (beside ruletest's library stubs) and returns the statement each
// function's one ORM call sends, by the function's name.
func read(t *testing.T, pkg string) map[string]ormsql.Statement {
	t.Helper()
	got := map[string]ormsql.Statement{}
	a := &analysis.Analyzer{
		Name:      "ormread",
		Doc:       "records what ormsql reads",
		Requires:  []*analysis.Analyzer{effects.Analyzer},
		FactTypes: []analysis.Fact{(*ormsql.TableName)(nil)},
		Run: func(pass *analysis.Pass) (any, error) {
			e, _ := pass.ResultOf[effects.Analyzer].(*effects.Effects)
			for fn, name := range ormsql.TableNames(pass.TypesInfo, pass.Files) {
				pass.ExportObjectFact(fn, &ormsql.TableName{Name: name})
			}
			for cur := range inspector.New(pass.Files).Root().Preorder((*ast.CallExpr)(nil)) {
				st, ok := ormsql.Read(pass.TypesInfo, e, cur, pass.ImportObjectFact)
				if !ok {
					continue
				}
				for fn := range cur.Enclosing((*ast.FuncDecl)(nil)) {
					got[fn.Node().(*ast.FuncDecl).Name.Name] = st
					break
				}
			}
			return nil, nil
		},
	}
	gopath := t.TempDir()
	_, file, _, _ := runtime.Caller(0)
	ormsqlDir := filepath.Dir(filepath.Dir(file))
	for _, src := range []string{filepath.Join(ormsqlDir, "testdata", "src"), filepath.Join(ormsqlDir, "..", "ruletest", "testdata", "src")} {
		if err := os.CopyFS(filepath.Join(gopath, "src"), os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
	}
	for _, res := range analysistest.Run(t, gopath, a, pkg) {
		if res.Err != nil {
			t.Fatal(res.Err)
		}
	}
	return got
}
