package sqlcheck

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// locksOf replays a table's migration and then mig, and describes each
// LockingDDL of mig: its line, transaction, lock_timeout and held lock.
func locksOf(t *testing.T, mig string) []string {
	t.Helper()
	s := Replay([]*Source{
		SQLFile("1.sql", []byte("CREATE TABLE jobs (id int, kind text);\nCREATE TABLE other (id int);\n")),
		SQLFile("2.sql", []byte(mig)),
	})
	require.Empty(t, s.Problems)
	var out []string
	for _, l := range s.Locks {
		out = append(out, fmt.Sprintf("%d %s %s tx%d timeout=%v held=%v", l.Loc.Line, l.What, l.Table, l.Tx, l.LockTimeout, l.Held))
	}
	return out
}

func TestTransactionsOfAFile(t *testing.T) {
	for _, c := range []struct {
		name, sql string
		want      []string
	}{{
		name: "one transaction: SET LOCAL holds, the table's ACCESS EXCLUSIVE lock is held after the first ALTER",
		sql:  "CREATE INDEX i ON jobs (kind);\nSET LOCAL lock_timeout = '5s';\nALTER TABLE jobs ADD COLUMN a int;\nSET LOCAL lock_timeout = 0;\nALTER TABLE jobs ADD COLUMN b int;\nALTER TABLE other ADD COLUMN c int;\n",
		want: []string{
			"1 CREATE INDEX public.jobs tx1 timeout=false held=false",
			"3 ALTER TABLE public.jobs tx1 timeout=true held=false",
			"5 ALTER TABLE public.jobs tx1 timeout=false held=true",
			"6 ALTER TABLE public.other tx1 timeout=false held=false",
		},
	}, {
		name: "COMMIT ends the transaction and its SET LOCAL; a session SET lasts",
		sql:  "SET LOCAL lock_timeout = '5s';\nALTER TABLE jobs ADD COLUMN a int;\nCOMMIT;\nALTER TABLE jobs ADD COLUMN b int;\nSET lock_timeout = '5s';\nCOMMIT;\nALTER TABLE jobs ADD COLUMN c int;\n",
		want: []string{
			"2 ALTER TABLE public.jobs tx1 timeout=true held=false",
			"4 ALTER TABLE public.jobs tx2 timeout=false held=false",
			"7 ALTER TABLE public.jobs tx3 timeout=true held=false",
		},
	}, {
		name: "BEGIN inside the implicit transaction keeps it",
		sql:  "SET LOCAL lock_timeout = '5s';\nBEGIN;\nALTER TABLE jobs ADD COLUMN a int;\nCOMMIT;\n",
		want: []string{"3 ALTER TABLE public.jobs tx1 timeout=true held=false"},
	}, {
		name: "set_config: local, or for the session",
		sql:  "SELECT set_config('lock_timeout', '5s', true);\nALTER TABLE jobs ADD COLUMN a int;\nROLLBACK;\nALTER TABLE jobs ADD COLUMN b int;\nSELECT set_config('lock_timeout', '5s', false);\nEND;\nALTER TABLE jobs ADD COLUMN c int;\n",
		want: []string{
			"2 ALTER TABLE public.jobs tx1 timeout=true held=false",
			"4 ALTER TABLE public.jobs tx2 timeout=false held=false",
			"7 ALTER TABLE public.jobs tx3 timeout=true held=false",
		},
	}, {
		name: "a session SET replaces SET LOCAL; SET LOCAL overrides the session's until the transaction ends; RESET ALL",
		sql:  "SET LOCAL lock_timeout = '5s';\nSET lock_timeout = 0;\nALTER TABLE jobs ADD COLUMN a int;\nSET lock_timeout = '1s';\nSET LOCAL lock_timeout = 0;\nALTER TABLE other ADD COLUMN b int;\nCOMMIT;\nALTER TABLE jobs ADD COLUMN c int;\nRESET ALL;\nALTER TABLE other ADD COLUMN d int;\n",
		want: []string{
			"3 ALTER TABLE public.jobs tx1 timeout=false held=false",
			"6 ALTER TABLE public.other tx1 timeout=false held=false",
			"8 ALTER TABLE public.jobs tx2 timeout=true held=false",
			"10 ALTER TABLE public.other tx2 timeout=false held=false",
		},
	}, {
		name: "a RENAME's lock is on the table under its new name, held by the statements after it",
		sql:  "ALTER TABLE other RENAME TO tasks;\nALTER TABLE tasks ADD COLUMN a int;\nCOMMIT;\nALTER TABLE tasks ADD COLUMN b int;\n",
		want: []string{
			"1 ALTER TABLE public.tasks tx1 timeout=false held=false",
			"2 ALTER TABLE public.tasks tx1 timeout=false held=true",
			"4 ALTER TABLE public.tasks tx2 timeout=false held=false",
		},
	}, {
		name: "a table the file creates is created under its new name too",
		sql:  "CREATE TABLE fresh (id int);\nALTER TABLE fresh RENAME TO renamed;\nALTER TABLE renamed ADD COLUMN a int;\nALTER TABLE jobs ADD COLUMN b int;\n",
		want: []string{"4 ALTER TABLE public.jobs tx1 timeout=false held=false"},
	}, {
		name: "LOCK TABLE",
		sql:  "LOCK TABLE other, jobs IN ROW EXCLUSIVE MODE;\nLOCK TABLE nosuch, jobs;\nCREATE INDEX i ON jobs (kind);\n",
		want: []string{
			"2 LOCK TABLE public.jobs tx1 timeout=false held=false",
			"3 CREATE INDEX public.jobs tx1 timeout=false held=true",
		},
	}} {
		t.Run(c.name, func(t *testing.T) { require.Equal(t, c.want, locksOf(t, c.sql)) })
	}
}

// The directives of goose, sql-migrate, tern and atlas that run each
// statement on its own: each is its own transaction, and SET LOCAL does
// nothing. dbmate's transaction:false still sends one string.
func TestStatementsOnTheirOwn(t *testing.T) {
	// Each head is two lines; the body's statements are on lines 3 to 10.
	body := "SET LOCAL lock_timeout = '5s';\nALTER TABLE jobs ADD COLUMN a int;\nCREATE INDEX i ON jobs (a);\nBEGIN;\nSET LOCAL lock_timeout = '5s';\nALTER TABLE jobs ADD COLUMN b int;\nCREATE INDEX j ON jobs (b);\nCOMMIT;\n"
	perStmt := []string{
		"4 ALTER TABLE public.jobs tx2 timeout=false held=false",
		"5 CREATE INDEX public.jobs tx3 timeout=false held=false",
		"8 ALTER TABLE public.jobs tx4 timeout=true held=false",
		"9 CREATE INDEX public.jobs tx4 timeout=true held=true",
	}
	oneTx := []string{
		"4 ALTER TABLE public.jobs tx1 timeout=true held=false",
		"5 CREATE INDEX public.jobs tx1 timeout=true held=true",
		"8 ALTER TABLE public.jobs tx1 timeout=true held=true",
		"9 CREATE INDEX public.jobs tx1 timeout=true held=true",
	}
	for head, want := range map[string][]string{
		"-- +goose Up\n-- +goose NO TRANSACTION\n": perStmt,
		"-- +migrate Up notransaction\n\n":         perStmt,
		"---- tern: disable-tx ----\n\n":           perStmt,
		"-- atlas:txmode none\n\n":                 perStmt,
		"-- +goose Up\n\n":                         oneTx,
		"-- +migrate Up\n\n":                       oneTx,
		"-- migrate:up transaction:false\n\n":      oneTx,
		"-- atlas:txmode file\n\n":                 oneTx,
		"-- tern: disable-tx\n\n":                  oneTx, // not tern's directive
	} {
		require.Equal(t, want, locksOf(t, head+body), head)
	}
	// A directive of the down section does not change the up section.
	require.Equal(t, oneTx[:2], locksOf(t, "-- +migrate Up\n\nSET LOCAL lock_timeout = '5s';\nALTER TABLE jobs ADD COLUMN a int;\nCREATE INDEX i ON jobs (a);\n-- +migrate Down notransaction\nDROP INDEX i;\n"))
}

// goose sends a StatementBegin ... StatementEnd block as one string: under
// NO TRANSACTION its statements are one implicit transaction, and the
// statements outside blocks each their own.
func TestGooseBlocksOnTheirOwn(t *testing.T) {
	got := locksOf(t, "-- +goose Up\n-- +goose NO TRANSACTION\n"+
		"-- +goose StatementBegin\nSET LOCAL lock_timeout = '5s';\nALTER TABLE jobs ADD COLUMN a int;\n-- +goose StatementEnd\n"+
		"-- +goose StatementBegin\nALTER TABLE jobs ADD COLUMN b int;\nCREATE INDEX i ON jobs (b);\n-- +goose StatementEnd\n"+
		"ALTER TABLE jobs ADD COLUMN c int;\nCREATE INDEX j ON jobs (c);\n")
	require.Equal(t, []string{
		"5 ALTER TABLE public.jobs tx1 timeout=true held=false",
		"8 ALTER TABLE public.jobs tx2 timeout=false held=false",
		"9 CREATE INDEX public.jobs tx2 timeout=false held=true",
		"11 ALTER TABLE public.jobs tx3 timeout=false held=false",
		"12 CREATE INDEX public.jobs tx4 timeout=false held=false",
	}, got)
}

// TestTransactionsOfAFileSentApart checks LockingDDL.Apart, what a file's
// statements share when a runner sends it a statement at a time: each
// statement outside BEGIN ... COMMIT is its own transaction (no lock held
// from the one before, a SET LOCAL sent alone bounds nothing), a session
// SET lasts, and the statements of a BEGIN ... COMMIT block share it.
func TestTransactionsOfAFileSentApart(t *testing.T) {
	s := Replay([]*Source{
		SQLFile("1.sql", []byte("CREATE TABLE jobs (id int, kind text);\n")),
		SQLFile("2.sql", []byte("ALTER TABLE jobs ADD COLUMN a int;\nINSERT INTO jobs (id) VALUES (1);\nSET LOCAL lock_timeout = '5s';\nALTER TABLE jobs ADD COLUMN b int;\n"+
			"BEGIN;\nALTER TABLE jobs ADD COLUMN c int;\nCREATE INDEX jobs_c ON jobs (c);\nCOMMIT;\nSET lock_timeout = '5s';\nALTER TABLE jobs ADD COLUMN d int;\n")),
	})
	require.Empty(t, s.Problems)
	var got []string
	for _, l := range s.Locks {
		got = append(got, fmt.Sprintf("%d tx%d/apart%d held=%v/%v timeout=%v/%v", l.Loc.Line, l.Tx, l.Apart.Tx, l.Held, l.Apart.Held, l.LockTimeout, l.Apart.LockTimeout))
	}
	require.Equal(t, []string{
		"1 tx1/apart0 held=false/false timeout=false/false",
		"4 tx1/apart0 held=true/false timeout=true/false",
		"6 tx1/apart1 held=true/false timeout=true/false",
		"7 tx1/apart1 held=true/true timeout=true/false",
		"10 tx2/apart0 held=false/false timeout=true/true",
	}, got)
}
