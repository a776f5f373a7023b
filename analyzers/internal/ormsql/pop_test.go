package ormsql_test

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gobuffalo/pop/v6"
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
	return out
}

// TestPopMatchesPop checks each statement the reader rebuilds against the
// one the real pop sends for the same call. A model whose table pop names
// by an irregular plural (Person's people) is left unread, not guessed.
func TestPopMatchesPop(t *testing.T) {
	want := sent(t)
	got := read(t, "popcases")
	irregular := map[string]bool{"FindPerson": true, "Destroy": true}
	for name, sql := range want {
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
		"UnreadChangedInBranch":   "changed or used in more than one place",
		"UnreadDynamicWhere":      "is not a constant",
		"UnreadIn":                "IN (?)",
		"UnreadExecWithoutRaw":    "Exec of a query without RawQuery",
		"UnreadCount":             "Count is not read",
		"UnreadMapModel":          "not a named struct",
		"UnreadOtherPackageTable": "another package whose TableName does not return a constant",
		"UnreadOrderSemicolon":    "Order with arguments or a ;",
		"UnreadRawAfterWhere":     "RawQuery and other clauses",
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
