package sqlcheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

const (
	outsideJobs = "CREATE TABLE outbox_events (id bigserial PRIMARY KEY, status text NOT NULL, updated_at timestamp NOT NULL);\n"
	ownJobs     = "CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL, run_at timestamptz NOT NULL);\n"
	relayGo     = "package relay\n\nconst poll = `SELECT id FROM outbox_events WHERE status = 'pending' FOR UPDATE SKIP LOCKED`\n"
)

// readFrom replays what ReadModule reads for the module at root, and
// returns the schema and the uses.
func readFrom(t *testing.T, root string) (*Schema, []SourceUse) {
	t.Helper()
	srcs, uses, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.Empty(t, s.Problems)
	return s, uses
}

// A repository with a go.work at its root: the service's module holds no
// schema, the container that runs golang-migrate reads deployment/migrations.
func TestRepositoryMigrationsOutsideEveryModule(t *testing.T) {
	repo := writeTree(t, map[string]string{
		"go.work":                 "go 1.26\n\nuse ./relay\n",
		"relay/go.mod":            "module example.com/relay\n",
		"relay/relay.go":          relayGo,
		"relay/seed/dev_data.sql": "INSERT INTO outbox_events (status, updated_at) VALUES ('pending', now());\n",
		"deployment/migrations/0001_outbox.up.sql":   outsideJobs,
		"deployment/migrations/0001_outbox.down.sql": "DROP TABLE outbox_events;\n",
		"docs/queries/report.sql":                    "SELECT count(*) FROM outbox_events;\n",
	})
	s, uses := readFrom(t, filepath.Join(repo, "relay"))
	require.NotNil(t, s.Table("public.outbox_events"), "the migrations outside the module are its schema")
	require.Contains(t, uses, SourceUse{Path: filepath.Join(repo, "deployment/migrations/0001_outbox.up.sql"), Kind: "golang-migrate migrations", Files: 1, Used: true, Outside: true})
	for _, u := range uses {
		require.NotContains(t, u.Path, "docs", "a directory of queries is not a migration directory")
	}

	// The same with a .git directory as the repository's mark, and plain
	// .sql files in a directory named migrations.
	repo = writeTree(t, map[string]string{
		".git/HEAD":                  "ref: refs/heads/main\n",
		"svc/go.mod":                 "module example.com/svc\n",
		"svc/relay.go":               relayGo,
		"db/migrations/001_init.sql": outsideJobs,
	})
	s, _ = readFrom(t, filepath.Join(repo, "svc"))
	require.NotNil(t, s.Table("public.outbox_events"))

	// The module's own migrations that create no table (they seed data)
	// are not a second candidate beside the repository's.
	repo = writeTree(t, map[string]string{
		"go.work":                           "go 1.26\n",
		"relay/go.mod":                      "module example.com/relay\n",
		"relay/relay.go":                    relayGo,
		"relay/migrations/0002_seed.up.sql": "INSERT INTO outbox_events (status, updated_at) VALUES ('pending', now());\n",
		"deployment/migrations/0001_outbox.up.sql": outsideJobs,
	})
	s, _ = readFrom(t, filepath.Join(repo, "relay"))
	require.NotNil(t, s.Table("public.outbox_events"))
}

// A module with migrations of its own reads none of its repository's.
func TestOwnMigrationsOverTheRepository(t *testing.T) {
	repo := writeTree(t, map[string]string{
		"go.work":                            "go 1.26\n\nuse ./svc\n",
		"svc/go.mod":                         "module example.com/svc\n",
		"svc/db/migrations/0001_jobs.up.sql": ownJobs,
		"deployment/migrations/0001_outbox.up.sql": outsideJobs,
	})
	s, uses := readFrom(t, filepath.Join(repo, "svc"))
	require.NotNil(t, s.Table("public.jobs"))
	require.Nil(t, s.Table("public.outbox_events"))
	for _, u := range uses {
		require.False(t, u.Outside, "%+v", u)
	}
}

// In a monorepo each module keeps its own migrations: a service without
// any does not take another service's, nor the root module's.
func TestOtherModulesMigrationsAreTheirs(t *testing.T) {
	repo := writeTree(t, map[string]string{
		"go.work":                             "go 1.26\n\nuse (\n\t./billing\n\t./notifier\n)\n",
		"billing/go.mod":                      "module example.com/billing\n",
		"billing/migrations/0001_jobs.up.sql": ownJobs,
		"notifier/go.mod":                     "module example.com/notifier\n",
		"notifier/notify.go":                  relayGo,
	})
	s, uses := readFrom(t, filepath.Join(repo, "notifier"))
	require.Nil(t, s.Table("public.jobs"), "billing's migrations are billing's")
	require.Empty(t, uses)

	// A module nested in a root module: everything around it is the root
	// module's.
	repo = writeTree(t, map[string]string{
		".git/HEAD":                     "ref: refs/heads/main\n",
		"go.mod":                        "module example.com/platform\n",
		"migrations/0001_outbox.up.sql": outsideJobs,
		"tools/relay/go.mod":            "module example.com/platform/tools/relay\n",
		"tools/relay/relay.go":          relayGo,
	})
	s, uses = readFrom(t, filepath.Join(repo, "tools/relay"))
	require.Nil(t, s.Table("public.outbox_events"), "the root module's migrations are the root module's")
	require.Empty(t, uses)

	// A module between the repository and the migrations holds them.
	repo = writeTree(t, map[string]string{
		"go.work":         "go 1.26\n",
		"services/go.mod": "module example.com/services\n",
		"services/db/migrations/0001_outbox.up.sql": outsideJobs,
		"relay/go.mod":   "module example.com/relay\n",
		"relay/relay.go": relayGo,
	})
	s, _ = readFrom(t, filepath.Join(repo, "relay"))
	require.Nil(t, s.Table("public.outbox_events"))
}

// Nothing above the repository is read, and a module that is the
// repository's root has no repository around it.
func TestNothingAboveTheRepository(t *testing.T) {
	outer := writeTree(t, map[string]string{
		"migrations/0001_outbox.up.sql": outsideJobs,
		"repo/.git/HEAD":                "ref: refs/heads/main\n",
		"repo/svc/go.mod":               "module example.com/svc\n",
		"repo/svc/relay.go":             relayGo,
		"solo/.git/HEAD":                "ref: refs/heads/main\n",
		"solo/go.mod":                   "module example.com/solo\n",
		"solo/relay.go":                 relayGo,
	})
	for _, root := range []string{"repo/svc", "solo"} {
		s, uses := readFrom(t, filepath.Join(outer, root))
		require.Nil(t, s.Table("public.outbox_events"), root)
		require.Empty(t, uses, root)
	}
	require.Empty(t, enclosingRepository(filepath.Join(outer, "solo")))
	require.Equal(t, filepath.Join(outer, "repo"), enclosingRepository(filepath.Join(outer, "repo/svc")))

	// A module that is a repository of its own (a submodule) inside a
	// repository: the outer repository is not its.
	outer = writeTree(t, map[string]string{
		"go.work":                       "go 1.26\n",
		"migrations/0001_outbox.up.sql": outsideJobs,
		"vendored/solo/.git":            "gitdir: ../../.git/modules/solo\n",
		"vendored/solo/go.mod":          "module example.com/solo\n",
		"vendored/solo/relay.go":        relayGo,
	})
	s, uses := readFrom(t, filepath.Join(outer, "vendored/solo"))
	require.Nil(t, s.Table("public.outbox_events"))
	require.Empty(t, uses)
}

// Two migration directories outside every module: nothing says which
// database the module uses; both are set aside, and say so.
func TestSeveralRepositoryMigrationDirectoriesAreSetAside(t *testing.T) {
	repo := writeTree(t, map[string]string{
		"go.work":                               "go 1.26\n",
		"relay/go.mod":                          "module example.com/relay\n",
		"relay/relay.go":                        relayGo,
		"deploy/orders/migrations/1_a.up.sql":   outsideJobs,
		"deploy/payments/migrations/1_b.up.sql": ownJobs,
		"deploy/mysql/migrations/1_c.up.sql":    "CREATE TABLE legacy (id int AUTO_INCREMENT PRIMARY KEY);\n",
	})
	s, uses := readFrom(t, filepath.Join(repo, "relay"))
	require.Nil(t, s.Table("public.outbox_events"))
	require.Nil(t, s.Table("public.jobs"))
	require.Len(t, uses, 2, "the MySQL directory is not a candidate: %+v", uses)
	for i, dir := range []string{"deploy/orders/migrations", "deploy/payments/migrations"} {
		require.Equal(t, filepath.Join(repo, dir), uses[i].Path)
		require.False(t, uses[i].Used)
		require.True(t, uses[i].Outside)
		require.Contains(t, uses[i].Why, "name the module's with -schema")
	}

	// With the MySQL one alone, there is none to read.
	repo = writeTree(t, map[string]string{
		"go.work":                            "go 1.26\n",
		"relay/go.mod":                       "module example.com/relay\n",
		"relay/relay.go":                     relayGo,
		"deploy/mysql/migrations/1_c.up.sql": "CREATE TABLE legacy (id int AUTO_INCREMENT PRIMARY KEY);\n",
	})
	_, uses = readFrom(t, filepath.Join(repo, "relay"))
	require.Empty(t, uses)
}

// What the repository gives is in the files' key: a cache keyed on it
// sees an edit of a migration outside the module.
func TestRepositoryMigrationsAreInTheKey(t *testing.T) {
	files := map[string]string{
		"go.work":        "go 1.26\n",
		"relay/go.mod":   "module example.com/relay\n",
		"relay/relay.go": relayGo,
		"deployment/migrations/0001_outbox.up.sql": outsideJobs,
	}
	repo := writeTree(t, files)
	before := ReadModule(filepath.Join(repo, "relay")).Key()
	require.NoError(t, os.WriteFile(filepath.Join(repo, "deployment/migrations/0001_outbox.up.sql"), []byte(ownJobs), 0o644))
	require.NotEqual(t, before, ReadModule(filepath.Join(repo, "relay")).Key())

	// So is a migration directory set aside: the uses -model shows.
	writeTree := func(rel, content string) {
		p := filepath.Join(repo, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	writeTree("ops/migrations/0001_jobs.up.sql", ownJobs)
	two := ReadModule(filepath.Join(repo, "relay"))
	require.Len(t, two.SetAside, 2)
	writeTree("ops2/migrations/0001_jobs.up.sql", ownJobs)
	require.NotEqual(t, two.Key(), ReadModule(filepath.Join(repo, "relay")).Key())
}

// A go.work at the root of a module that it uses: the workspace's schema
// at the root (db/migrations, in the root module's tree) is the schema of
// the nested modules that have none; without the go.work, or with a
// go.work that does not use the root module, the root's tree is the root
// module's alone.
func TestWorkspaceRootModuleMigrations(t *testing.T) {
	tree := map[string]string{
		"go.mod":                       "module example.com/ws\n",
		"go.work":                      "go 1.26\n\nuse (\n\t.\n\t./packages/db\n)\n",
		"packages/db/go.mod":           "module example.com/ws/packages/db\n",
		"packages/db/relay.go":         relayGo,
		"db/migrations/0001_init.sql":  outsideJobs,
		"packages/db/queries/jobs.sql": "SELECT id FROM outbox_events;\n",
	}
	repo := writeTree(t, tree)
	s, _ := readFrom(t, filepath.Join(repo, "packages/db"))
	require.NotNil(t, s.Table("public.outbox_events"), "the workspace root's migrations")

	tree["go.work"] = "go 1.26\n\nuse ./packages/db\n"
	repo = writeTree(t, tree)
	s, _ = readFrom(t, filepath.Join(repo, "packages/db"))
	require.Nil(t, s.Table("public.outbox_events"), "the root module is not the workspace's")
}
