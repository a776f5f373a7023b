package ormsql_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"sync"
	"testing"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

// bun's Count and Exists build their statements out of String()'s reach:
// a database/sql driver that records each query it is sent, and fails
// it, shows what they send.
type recordingDriver struct {
	mu   sync.Mutex
	sent []string
}

type recordingConn struct{ d *recordingDriver }

var errRecorded = errors.New("recorded, not run")

func (d *recordingDriver) Open(string) (driver.Conn, error) { return recordingConn{d}, nil }

func (c recordingConn) Prepare(string) (driver.Stmt, error) { return nil, errRecorded }
func (c recordingConn) Close() error                        { return nil }
func (c recordingConn) Begin() (driver.Tx, error)           { return nil, errRecorded }

func (c recordingConn) QueryContext(_ context.Context, query string, _ []driver.NamedValue) (driver.Rows, error) {
	c.d.mu.Lock()
	defer c.d.mu.Unlock()
	c.d.sent = append(c.d.sent, query)
	return nil, errRecorded
}

var registerRecording sync.Once

// sentBy returns the statements a call of bun sends.
func sentBy(t *testing.T, call func(*bun.DB)) []string {
	t.Helper()
	d := &recordingDriver{}
	db := bun.NewDB(sql.OpenDB(connector{d}), pgdialect.New())
	defer db.Close()
	call(db)
	return d.sent
}

type connector struct{ d *recordingDriver }

func (c connector) Connect(context.Context) (driver.Conn, error) { return recordingConn{c.d}, nil }
func (c connector) Driver() driver.Driver                        { return c.d }

func TestBunCountMatchesBun(t *testing.T) {
	got := readAll(t, "bunchains")
	ctx := context.Background()
	var jobs []bunJob
	want := map[string]string{}
	for fn, call := range map[string]func(*bun.DB){
		"Count": func(db *bun.DB) {
			db.NewSelect().Model(&jobs).ColumnExpr("lower(status) = ?", "x").Where("status = ?", "queued").
				Order("run_at").Limit(1).Offset(2).For("UPDATE").Count(ctx)
		},
		"Exists": func(db *bun.DB) {
			db.NewSelect().Model((*bunJob)(nil)).Where("status = ?", "queued").Limit(1).Exists(ctx)
		},
	} {
		sent := sentBy(t, call)
		if len(sent) != 1 {
			t.Fatalf("%s: bun sent %q, want one statement", fn, sent)
		}
		want[fn] = sent[0]
	}
	compare(t, got, want)
	for fn, method := range map[string]string{"Count": "QueryRow", "Exists": "QueryRow", "ScanAndCount": "Query"} {
		if rs := got[fn]; len(rs) != 1 || rs[0].Method != method {
			t.Errorf("%s: %+v, want method %s", fn, rs, method)
		}
	}
}
