package sqlcheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A copy of a repository without its version control (an archive, a
// vendored checkout): no .git or go.work marks the repository, but the
// worker's module path names it (github.com/acme/chatbox/worker is the
// worker directory of github.com/acme/chatbox), and its migrations at the
// repository's root are the worker's schema.
func TestRepositoryNamedByTheModulePath(t *testing.T) {
	for _, mod := range []string{"github.com/acme/chatbox/worker", "github.com/acme/chatbox/worker/v2", "bitbucket.org/acme/chatbox/worker"} {
		repo := writeTree(t, map[string]string{
			"worker/go.mod":                            "module " + mod + "\n",
			"worker/relay.go":                          relayGo,
			"postgres/migrations/0001_outbox.up.sql":   outsideJobs,
			"postgres/migrations/0001_outbox.down.sql": "DROP TABLE outbox_events;\n",
		})
		s, uses := readFrom(t, filepath.Join(repo, "worker"))
		require.NotNil(t, s.Table("public.outbox_events"), mod)
		require.Equal(t, []SourceUse{{Path: filepath.Join(repo, "postgres/migrations/0001_outbox.up.sql"), Kind: "golang-migrate migrations", Files: 1, Used: true, Outside: true, PathRepository: repo}}, uses, mod)
	}

	// Deeper: services/mailer/ of the repository.
	repo := writeTree(t, map[string]string{
		"services/mailer/go.mod":            "module github.com/acme/shop/services/mailer\n",
		"services/mailer/relay.go":          relayGo,
		"db/migrations/0001_outbox.sql":     outsideJobs,
		"services/billing/go.mod":           "module github.com/acme/shop/services/billing\n",
		"services/billing/migrations/1.sql": ownJobs,
	})
	s, uses := readFrom(t, filepath.Join(repo, "services/mailer"))
	require.NotNil(t, s.Table("public.outbox_events"), "the billing service's migrations are its own")
	require.Nil(t, s.Table("public.jobs"))
	require.Len(t, uses, 1)
	require.Equal(t, repo, uses[0].PathRepository)
}

// A module path that does not say where the module sits names no
// repository, and nothing outside the module is read.
func TestModulePathThatNamesNoRepository(t *testing.T) {
	for _, mod := range []string{
		"github.com/acme/chatbox/svc",          // the directory is worker/, not svc/
		"github.com/acme/chatbox",              // the module is the repository's root
		"example.com/chatbox/worker",           // a vanity path: its repository's length is unknown
		"gitlab.com/acme/chatbox/worker",       // a GitLab group may hold subgroups
		"github.com/acme/chatbox/tools/worker", // the parent directory is not tools/
	} {
		repo := writeTree(t, map[string]string{
			"worker/go.mod":                 "module " + mod + "\n",
			"worker/relay.go":               relayGo,
			"db/migrations/0001_outbox.sql": outsideJobs,
		})
		s, uses := readFrom(t, filepath.Join(repo, "worker"))
		require.Nil(t, s.Table("public.outbox_events"), mod)
		require.Empty(t, uses, mod)
	}

	// A module that sits where its path says, but in a directory that is
	// another module's (the repository's root holds a go.mod): the
	// directory's files are the root module's.
	repo := writeTree(t, map[string]string{
		"go.mod":                        "module github.com/acme/chatbox\n",
		"worker/go.mod":                 "module github.com/acme/chatbox/worker\n",
		"worker/relay.go":               relayGo,
		"db/migrations/0001_outbox.sql": outsideJobs,
	})
	s, uses := readFrom(t, filepath.Join(repo, "worker"))
	require.Nil(t, s.Table("public.outbox_events"))
	require.Empty(t, uses)
}

// A .git or go.work above the module marks the repository, whatever the
// module path says: the module path is read only when none does.
func TestMarkedRepositoryOverTheModulePath(t *testing.T) {
	outer := writeTree(t, map[string]string{
		".git/HEAD":                           "ref: refs/heads/main\n",
		"migrations/0001_jobs.sql":            ownJobs,
		"apps/chatbox/worker/go.mod":          "module github.com/acme/chatbox/worker\n",
		"apps/chatbox/worker/relay.go":        relayGo,
		"apps/chatbox/db/migrations/0001.sql": outsideJobs,
	})
	s, uses := readFrom(t, filepath.Join(outer, "apps/chatbox/worker"))
	require.Len(t, uses, 2, "both directories lie in the repository .git marks: %+v", uses)
	require.Nil(t, s.Table("public.outbox_events"))
	for _, u := range uses {
		require.Empty(t, u.PathRepository)
	}
	repo, by := repositoryOf(filepath.Join(outer, "apps/chatbox/worker"))
	require.Equal(t, outer, repo)
	require.Equal(t, RepositoryMarked, by)
}

// How the repository was found is in the files' key: -model, whose schema
// sources a cache keyed on it keeps, says it.
func TestHowTheRepositoryWasFoundIsInTheKey(t *testing.T) {
	repo := writeTree(t, map[string]string{
		"worker/go.mod":                 "module github.com/acme/chatbox/worker\n",
		"worker/relay.go":               relayGo,
		"db/migrations/0001_outbox.sql": outsideJobs,
	})
	byPath := ReadModule(filepath.Join(repo, "worker"))
	require.Equal(t, RepositoryByModulePath, byPath.RepositoryBy)
	require.NoError(t, os.Mkdir(filepath.Join(repo, ".git"), 0o755))
	marked := ReadModule(filepath.Join(repo, "worker"))
	require.Equal(t, RepositoryMarked, marked.RepositoryBy)
	require.Equal(t, len(byPath.Files), len(marked.Files), "the same files")
	require.NotEqual(t, byPath.Key(), marked.Key())
}
