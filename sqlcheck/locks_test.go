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
		want:  []string{"2.sql:2 CREATE TRIGGER public.jobs", "2.sql:4 ALTER TABLE public.jobs", "3.sql:1 DROP TRIGGER public.tasks"},
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
