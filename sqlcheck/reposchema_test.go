package sqlcheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A sqitch project beside the module (vetchium keeps api/ as its Go
// module and sqitch/deploy/1-initdb.sql as its schema): the deploy
// scripts are the schema, the revert and verify scripts are not.
func TestSqitchProjectOutsideTheModule(t *testing.T) {
	repo := writeTree(t, map[string]string{
		".git/HEAD":                  "ref: refs/heads/main\n",
		"api/go.mod":                 "module example.com/app/api\n",
		"api/relay.go":               relayGo,
		"sqitch/sqitch.plan":         "%syntax-version=1.0.0\n%project=app\n\n1-initdb 2024-10-09T05:06:57Z Dev <dev@example.com> # init\n",
		"sqitch/deploy/1-initdb.sql": "BEGIN;\n" + outsideJobs + "COMMIT;\n",
		"sqitch/revert/1-initdb.sql": "BEGIN;\nDROP TABLE IF EXISTS outbox_events;\nCOMMIT;\n",
		"sqitch/verify/1-initdb.sql": "BEGIN;\nSELECT 1 FROM outbox_events LIMIT 1;\nROLLBACK;\n",
	})
	s, uses := readFrom(t, filepath.Join(repo, "api"))
	require.NotNil(t, s.Table("public.outbox_events"))
	require.Equal(t, []SourceUse{{Path: filepath.Join(repo, "sqitch/deploy/1-initdb.sql"), Kind: "sqitch migrations", Files: 1, Used: true, Outside: true}}, uses)

	// Without its plan the directory is no sqitch project: deploy/ is
	// read only as a tree that fits the module's SQL, which the revert
	// scripts beside it, dropping the table, do not.
	require.NoError(t, os.Remove(filepath.Join(repo, "sqitch/sqitch.plan")))
	s, _ = readFrom(t, filepath.Join(repo, "api"))
	require.Nil(t, s.Table("public.outbox_events"))
}

// A sqitch project inside the module: its revert scripts, which drop
// what the deploy scripts create, are set aside.
func TestSqitchRevertScriptsAreNoSchema(t *testing.T) {
	root := writeTree(t, map[string]string{
		"go.mod":                     "module example.com/app\n",
		"db/sqitch.plan":             "%project=app\n\njobs 2024-01-01T00:00:00Z Dev <dev@example.com>\n",
		"db/deploy/jobs.sql":         ownJobs,
		"db/revert/jobs.sql":         "DROP TABLE jobs;\n",
		"db/verify/jobs.sql":         "SELECT id, status FROM jobs WHERE false;\n",
		"db/deploy/zz_jobs_poll.sql": "CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued';\n",
	})
	s, uses := readFrom(t, root)
	require.NotNil(t, s.Table("public.jobs"), "the revert script does not drop the table")
	var why []string
	for _, u := range relUses(root, uses) {
		why = append(why, u.Path+": "+u.Kind+": "+u.Why)
	}
	require.Equal(t, []string{
		"db/deploy: sqitch migrations: ",
		"db/revert/jobs.sql: sqitch revert scripts: sqitch runs them to undo a change, not to deploy it",
		"db/verify/jobs.sql: sqitch verify scripts: sqitch runs them to check a change, not to deploy it",
	}, why)
}

const (
	// The module's poll: outbox_events by status, oldest first.
	pollGo = "package relay\n\nconst poll = `SELECT id FROM outbox_events WHERE status = 'pending' ORDER BY created_at LIMIT 10`\n"
	// Its table, as the module's repository creates it.
	fitting = "CREATE TABLE IF NOT EXISTS outbox_events (id bigserial PRIMARY KEY, status text NOT NULL, created_at timestamp NOT NULL DEFAULT now());\n"
	// Another service's table of the same name, with other columns.
	unrelated = "CREATE TABLE outbox_events (id uuid PRIMARY KEY, topic text NOT NULL, sent boolean NOT NULL DEFAULT false);\n"
)

// A repository that keeps its schema outside the module in no migration
// directory: a schema.sql at its root, the scripts a PostgreSQL container
// runs, a sibling sql/ tree of one directory per table. The tree is read
// when it creates the module's table with the columns its SQL names.
func TestSchemaTreeThatFitsTheModule(t *testing.T) {
	for name, tree := range map[string]map[string]string{
		"root schema.sql": {"schema.sql": fitting},
		"initdb.d": {
			"docker/docker-entrypoint-initdb.d/01-schema.sql": fitting,
			"docker/docker-entrypoint-initdb.d/02-seed.sql":   "INSERT INTO outbox_events (status) VALUES ('pending');\n",
		},
		"sql tree": {
			"sql/schema/1_outbox/schema_psql.sql":  fitting,
			"sql/schema/1_outbox/schema_mysql.sql": "CREATE TABLE IF NOT EXISTS outbox_events (id bigint AUTO_INCREMENT PRIMARY KEY, status text, created_at TIMESTAMP);\n",
			"sql/schema/1_outbox/schema.sql":       "CREATE TABLE IF NOT EXISTS outbox_events (id integer PRIMARY KEY, status text, created_at text);\n",
			"sql/schema/1_outbox/queries_psql.sql": "-- name: Pending :many\nSELECT id FROM outbox_events WHERE status = 'pending';\n",
			"sql/sqlite/all.sql":                   "CREATE TABLE outbox_events (id integer PRIMARY KEY AUTOINCREMENT);\n",
		},
	} {
		files := map[string]string{".git/HEAD": "ref: refs/heads/main\n", "relay/go.mod": "module example.com/relay\n", "relay/relay.go": pollGo}
		for k, v := range tree {
			files[k] = v
		}
		repo := writeTree(t, files)
		s, uses := readFrom(t, filepath.Join(repo, "relay"))
		tab := s.Table("public.outbox_events")
		require.NotNil(t, tab, name)
		require.Equal(t, "timestamp", tab.Column("created_at").Type.Name, "%s: PostgreSQL's file, not another database's", name)
		require.NotEmpty(t, uses, name)
		for _, u := range uses {
			if u.Used {
				require.True(t, u.Outside && u.Fits, "%s: %+v", name, u)
			}
		}
	}
}

// What does not fit the module's SQL is not read: another service's table
// of the same name with other columns, a tree of other tables, two trees
// that both fit, another Go module's files, and any tree when the module
// has a schema of its own or names no table.
func TestSchemaTreeThatDoesNotFit(t *testing.T) {
	base := map[string]string{".git/HEAD": "ref: refs/heads/main\n", "relay/go.mod": "module example.com/relay\n", "relay/relay.go": pollGo}
	for name, tree := range map[string]map[string]string{
		"another service's table":  {"mailer-node/sql/schema.sql": unrelated},
		"other tables":             {"schema.sql": "CREATE TABLE audit_log (id bigserial PRIMARY KEY, at timestamptz NOT NULL);\n"},
		"another Go module's tree": {"billing/go.mod": "module example.com/billing\n", "billing/sql/schema.sql": fitting},
		"another database's tree":  {"mysql/schema.sql": fitting},
		"own schema": {
			"relay/db/schema.sql": "CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL);\n",
			"schema.sql":          fitting,
		},
		"no table named": {
			"relay/relay.go": "package relay\n\nconst ping = `SELECT 1`\n",
			"schema.sql":     fitting,
		},
	} {
		files := map[string]string{}
		for k, v := range base {
			files[k] = v
		}
		for k, v := range tree {
			files[k] = v
		}
		repo := writeTree(t, files)
		s, uses := readFrom(t, filepath.Join(repo, "relay"))
		require.Nil(t, s.Table("public.outbox_events"), name)
		for _, u := range uses {
			require.False(t, u.Outside && u.Used, "%s: %+v", name, u)
		}
	}

	// Two trees that fit: nothing says which one the module's database
	// runs; both are set aside, and say so.
	repo := writeTree(t, map[string]string{
		".git/HEAD":              "ref: refs/heads/main\n",
		"relay/go.mod":           "module example.com/relay\n",
		"relay/relay.go":         pollGo,
		"schema.sql":             fitting,
		"deploy/init/01.sql":     fitting,
		"deploy/init/02.sql":     "CREATE INDEX outbox_pending ON outbox_events (created_at) WHERE status = 'pending';\n",
		"reports/monthly.sql":    "SELECT count(*) FROM outbox_events;\n",
		"mailer-node/schema.sql": unrelated,
	})
	s, uses := readFrom(t, filepath.Join(repo, "relay"))
	require.Nil(t, s.Table("public.outbox_events"))
	require.Len(t, uses, 2, "%+v", uses)
	for i, top := range []string{repo, filepath.Join(repo, "deploy")} {
		require.Equal(t, top, uses[i].Path)
		require.False(t, uses[i].Used)
		require.True(t, uses[i].Outside)
		require.Contains(t, uses[i].Why, "create the tables its SQL names: name the module's with -schema")
	}
}

// A tree read because it fits is in the files' key: an edit of it, or a
// second tree that fits, changes the key.
func TestFittingSchemaIsInTheKey(t *testing.T) {
	repo := writeTree(t, map[string]string{
		".git/HEAD":      "ref: refs/heads/main\n",
		"relay/go.mod":   "module example.com/relay\n",
		"relay/relay.go": pollGo,
		"schema.sql":     fitting,
	})
	root := filepath.Join(repo, "relay")
	before := ReadModule(root)
	require.True(t, before.Fits)
	require.NoError(t, os.WriteFile(filepath.Join(repo, "schema.sql"), []byte(fitting+"CREATE INDEX p ON outbox_events (created_at);\n"), 0o644))
	edited := ReadModule(root)
	require.NotEqual(t, before.Key(), edited.Key())
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "ops"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "ops/schema.sql"), []byte(fitting), 0o644))
	two := ReadModule(root)
	require.False(t, two.Fits)
	require.NotEqual(t, edited.Key(), two.Key())
}
