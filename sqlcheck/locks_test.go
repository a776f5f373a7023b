package sqlcheck

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// DROP TRIGGER IF EXISTS locks its table only when the trigger is there
// (TestLocksMatchPostgreSQL checks that on PostgreSQL 15): the replay
// knows the triggers that earlier statements created on the table, under
// its current name, and forgets those of a dropped table.
func TestDropTriggerIfExists(t *testing.T) {
	const fn = "CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;\n"
	for _, c := range []struct {
		name  string
		files []string
		want  []string
	}{{
		name:  "a trigger created earlier: it waits",
		files: []string{fn + "CREATE TRIGGER t BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION f();\n", "DROP TRIGGER IF EXISTS t ON jobs;\n"},
		want:  []string{"2.sql:2 CREATE TRIGGER public.jobs", "3.sql:1 DROP TRIGGER public.jobs"},
	}, {
		name:  "a trigger no statement created: nothing to wait for",
		files: []string{"DROP TRIGGER IF EXISTS t ON jobs;\n"},
	}, {
		name:  "without IF EXISTS the trigger is there, or the migration fails",
		files: []string{"DROP TRIGGER t ON jobs;\n"},
		want:  []string{"2.sql:1 DROP TRIGGER public.jobs"},
	}, {
		name: "a trigger dropped earlier is gone",
		files: []string{fn + "CREATE TRIGGER t BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION f();\nCOMMIT;\nDROP TRIGGER t ON jobs;\n",
			"DROP TRIGGER IF EXISTS t ON jobs;\n"},
		want: []string{"2.sql:2 CREATE TRIGGER public.jobs", "2.sql:4 DROP TRIGGER public.jobs"},
	}, {
		name:  "a renamed table keeps its triggers",
		files: []string{fn + "CREATE TRIGGER t BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION f();\nCOMMIT;\nALTER TABLE jobs RENAME TO tasks;\n", "DROP TRIGGER IF EXISTS t ON tasks;\n"},
		// A lock is on the relation, whatever its name: the renamed
		// table's locks are under its new name.
		want: []string{"2.sql:2 CREATE TRIGGER public.tasks", "2.sql:4 ALTER TABLE public.tasks", "3.sql:1 DROP TRIGGER public.tasks"},
	}, {
		name: "a dropped table's triggers go with it",
		files: []string{fn + "CREATE TRIGGER t BEFORE UPDATE ON other FOR EACH ROW EXECUTE FUNCTION f();\nCOMMIT;\nDROP TABLE other;\n",
			"CREATE TABLE other (id int);\n", "DROP TRIGGER IF EXISTS t ON other;\n"},
		want: []string{"2.sql:2 CREATE TRIGGER public.other"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			srcs := []*Source{SQLFile("1.sql", []byte("CREATE TABLE jobs (id int, kind text);\nCREATE TABLE other (id int);\n"))}
			for i, f := range c.files {
				srcs = append(srcs, SQLFile(fmt.Sprintf("%d.sql", i+2), []byte(f)))
			}
			s := Replay(srcs)
			require.Empty(t, s.Problems)
			var got []string
			for _, l := range s.Locks {
				got = append(got, fmt.Sprintf("%s:%d %s %s", l.Loc.File, l.Loc.Line, l.What, l.Table))
			}
			require.Equal(t, c.want, got)
		})
	}
}

// Statements that lock a table only in forms the tool cannot run in a
// transaction to compare on PostgreSQL, or whose object it cannot see:
// REINDEX CONCURRENTLY lets writers through, and DROP POLICY or DROP RULE
// IF EXISTS locks the table only when the policy or rule is there, which
// the replay does not follow.
func TestLocksLeftOut(t *testing.T) {
	for stmt, want := range map[string][]string{
		"REINDEX TABLE CONCURRENTLY jobs;":               nil,
		"REINDEX (CONCURRENTLY) INDEX jobs_kind;":        nil,
		"REINDEX (CONCURRENTLY on) TABLE jobs;":          nil,
		"REINDEX (CONCURRENTLY off) INDEX jobs_kind;":    {"3.sql:1 REINDEX public.jobs"},
		"DROP POLICY IF EXISTS p ON jobs;":               nil,
		"DROP RULE IF EXISTS r ON jobs;":                 nil,
		"DROP POLICY p ON jobs;":                         {"3.sql:1 DROP POLICY public.jobs"},
		"DROP RULE r ON public.jobs;":                    {"3.sql:1 DROP RULE public.jobs"},
		"TRUNCATE nosuch, other, jobs RESTART IDENTITY;": {"3.sql:1 TRUNCATE public.other", "3.sql:1 TRUNCATE public.jobs"},
	} {
		s := Replay([]*Source{
			SQLFile("1.sql", []byte("CREATE TABLE jobs (id int, kind text);\nCREATE TABLE other (id int);\n")),
			SQLFile("2.sql", []byte("CREATE INDEX jobs_kind ON jobs (kind);\n")),
			SQLFile("3.sql", []byte(stmt+"\n")),
		})
		require.Empty(t, s.Problems, stmt)
		var got []string
		for _, l := range s.Locks {
			if l.Loc.File == "3.sql" {
				got = append(got, fmt.Sprintf("%s:%d %s %s", l.Loc.File, l.Loc.Line, l.What, l.Table))
			}
		}
		require.Equal(t, want, got, stmt)
	}
}

// A new foreign key locks the table it references as well as its own
// (TestLocksMatchPostgreSQL checks the modes on PostgreSQL 15): each table
// once, and the referenced one only when an earlier file created it.
func TestForeignKeyLocks(t *testing.T) {
	for stmt, want := range map[string][]string{
		"CREATE TABLE job_logs (id int, job_id int REFERENCES jobs (id));":                                {"3.sql:1 the foreign key of job_logs public.jobs SHARE ROW EXCLUSIVE"},
		"ALTER TABLE other ADD CONSTRAINT fk FOREIGN KEY (id) REFERENCES jobs (id) NOT VALID;":            {"3.sql:1 ALTER TABLE public.other SHARE ROW EXCLUSIVE", "3.sql:1 the foreign key of other public.jobs SHARE ROW EXCLUSIVE"},
		"ALTER TABLE jobs ADD CONSTRAINT parent FOREIGN KEY (id) REFERENCES jobs (id);":                   {"3.sql:1 ALTER TABLE public.jobs SHARE ROW EXCLUSIVE"},
		"CREATE TABLE parents (id int PRIMARY KEY);\nCREATE TABLE kids (id int REFERENCES parents (id));": nil,
		"CREATE TABLE job_notes (id int, job_id int, CHECK (job_id > 0));":                                nil,
	} {
		s := Replay([]*Source{
			SQLFile("1.sql", []byte("CREATE TABLE jobs (id int PRIMARY KEY, kind text);\nCREATE TABLE other (id int);\n")),
			SQLFile("2.sql", []byte("CREATE INDEX jobs_kind ON jobs (kind);\n")),
			SQLFile("3.sql", []byte(stmt+"\n")),
		})
		require.Empty(t, s.Problems, stmt)
		var got []string
		for _, l := range s.Locks {
			if l.Loc.File == "3.sql" {
				got = append(got, fmt.Sprintf("%s:%d %s %s %s", l.Loc.File, l.Loc.Line, l.What, l.Table, l.Lock))
			}
		}
		require.Equal(t, want, got, stmt)
	}
}
