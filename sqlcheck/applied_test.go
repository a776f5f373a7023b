package sqlcheck

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A squashed history kept beside the migrations it was squashed into
// (neotexai keeps migrations/archive under migrations, and its Makefile
// runs `migrate -path migrations`): the runner reads no subdirectory, so
// the archive's CREATE TABLE and ALTERs never run.
func TestArchiveUnderTheRunnersDirectoryIsNotApplied(t *testing.T) {
	files := map[string]string{
		"migrations/000001_initial.up.sql":               "CREATE TABLE jobs (id int, status text, created_at timestamptz);\nCREATE INDEX jobs_poll ON jobs (created_at) WHERE status = 'pending';\n",
		"migrations/archive/000001_create_jobs.up.sql":   "CREATE TABLE jobs (id int, status text, created_at timestamp);\n",
		"migrations/archive/000002_add_column.up.sql":    "ALTER TABLE jobs ADD COLUMN note text;\n",
		"migrations/archive/000001_create_jobs.down.sql": "DROP TABLE jobs;\n",
	}
	for name, runner := range map[string]map[string]string{
		"Makefile":       {"Makefile": "migrate-up:\n\tmigrate -path migrations -database \"$(DB)\" up\n"},
		"Makefile var":   {"Makefile": "migrate-up:\n\tmigrate -path $(ROOT)/migrations -database \"$(DB)\" up\n"},
		"source URL":     {"scripts/migrate.sh": "#!/bin/sh\nmigrate -source file://./migrations -database \"$DATABASE_URL\" up\n"},
		"compose":        {"docker-compose.yml": "services:\n  migrate:\n    image: migrate/migrate\n    command: [\"-path\", \"/migrations\", \"-database\", \"postgres://db\", \"up\"]\n"},
		"goose env":      {"Dockerfile": "FROM golang\nENV GOOSE_MIGRATION_DIR=/app/migrations\n"},
		"go:embed":       {"migrations/embed.go": "package migrations\n\nimport \"embed\"\n\n//go:embed *.sql\nvar FS embed.FS\n"},
		"go file URL":    {"cmd/migrate/main.go": "package main\n\nconst src = \"file://migrations\"\n"},
		"goose.Up":       {"internal/db/migrate.go": "package db\n\nfunc up() { goose.Up(db, \"migrations\") }\n"},
		"os.DirFS":       {"internal/db/migrate.go": "package db\n\nvar fsys = os.DirFS(\"./migrations\")\n"},
		"embed the tree": {"embed.go": "package app\n\nimport \"embed\"\n\n//go:embed migrations\nvar FS embed.FS\n"},
	} {
		t.Run(name, func(t *testing.T) {
			tree := map[string]string{}
			for k, v := range files {
				tree[k] = v
			}
			for k, v := range runner {
				tree[k] = v
			}
			root := writeTree(t, tree)
			srcs, uses, probs := ReadModule(root).Sources()
			require.Empty(t, probs)
			s := Replay(srcs)
			require.Empty(t, s.Problems, "the archive's CREATE TABLE is not replayed over the applied one")
			jobs := s.Table("public.jobs")
			require.NotNil(t, jobs)
			require.Equal(t, filepath.Join(root, "migrations/000001_initial.up.sql"), jobs.Loc.File, "the applied definition's position")
			require.Nil(t, jobs.Column("note"), "the archive's ALTER never runs")
			var aside *SourceUse
			for i, u := range relUses(root, uses) {
				if u.Path == "migrations/archive" {
					aside = &relUses(root, uses)[i]
				}
			}
			require.NotNil(t, aside)
			require.False(t, aside.Used)
			require.Contains(t, aside.Why, "not applied: the runner applies migrations (")
		})
	}
}

// Accepted: the nested directory stays whenever the module may run it,
// or nothing says what the runner reads.
func TestNestedMigrationsThatMayRun(t *testing.T) {
	base := map[string]string{
		"migrations/000001_initial.up.sql":        "CREATE TABLE jobs (id int, status text);\n",
		"migrations/archive/000002_note.up.sql":   "ALTER TABLE jobs ADD COLUMN note text;\n",
		"migrations/archive/000002_note.down.sql": "ALTER TABLE jobs DROP COLUMN note;\n",
	}
	for name, more := range map[string]map[string]string{
		"no runner path":         {},
		"runner names the inner": {"Makefile": "up:\n\tmigrate -path migrations -database x up\n\tmigrate -path migrations/archive -database y up\n"},
		"embed names the inner":  {"migrations/embed.go": "package migrations\n\nimport \"embed\"\n\n//go:embed *.sql archive/*.sql\nvar FS embed.FS\n"},
		"another directory":      {"Makefile": "up:\n\tmigrate -path db/other -database x up\n"},
		"a flag of another tool": {"Makefile": "test:\n\tgo test -dir migrations ./...\n"},
	} {
		t.Run(name, func(t *testing.T) {
			tree := map[string]string{}
			for k, v := range base {
				tree[k] = v
			}
			for k, v := range more {
				tree[k] = v
			}
			root := writeTree(t, tree)
			srcs, _, probs := ReadModule(root).Sources()
			require.Empty(t, probs)
			s := Replay(srcs)
			require.NotNil(t, s.Table("public.jobs").Column("note"), "the nested directory is replayed")
		})
	}
}

func TestCleanRunnerDir(t *testing.T) {
	for in, want := range map[string]string{
		"migrations":           "migrations",
		"./db/migrations/":     "db/migrations",
		"../../migrations":     "migrations",
		"/app/migrations":      "app/migrations",
		"$(CURDIR)/migrations": "migrations",
		"${PWD}/db/migrations": "db/migrations",
		"$MIGRATIONS":          "",
		".":                    "",
	} {
		require.Equal(t, want, cleanRunnerDir(in), in)
	}
}

// A demo seed (labtether's scripts/demo-seed.sql: TRUNCATE, then INSERTs,
// loaded by a compose service) is data, not a migration: its TRUNCATE is
// no lock a deploy takes on the live table. Accepted: a file named so that
// declares a table is schema, and a data migration in a migration
// directory or under a name that says nothing stays.
func TestDataScripts(t *testing.T) {
	root := writeTree(t, map[string]string{
		"migrations/0001_init.up.sql":        "CREATE TABLE alerts (id int, state text);\n",
		"migrations/0002_seed_states.up.sql": "TRUNCATE alerts;\nINSERT INTO alerts VALUES (1, 'firing');\n",
		"scripts/demo-seed.sql":              "BEGIN;\nTRUNCATE alerts;\nINSERT INTO alerts VALUES (1, 'firing');\nCOMMIT;\n",
		"db/fixtures/alerts.sql":             "INSERT INTO alerts VALUES (2, 'resolved');\n",
		"db/seed_schema.sql":                 "CREATE TABLE demo_settings (k text);\nINSERT INTO demo_settings VALUES ('a');\n",
		"ops/backfill.sql":                   "TRUNCATE alerts;\n",
	})
	srcs, uses, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.NotNil(t, s.Table("public.demo_settings"), "a seed that declares a table is schema")
	byPath := map[string]SourceUse{}
	for _, u := range relUses(root, uses) {
		byPath[u.Path] = u
	}
	for _, p := range []string{"scripts/demo-seed.sql", "db/fixtures/alerts.sql"} {
		require.Equal(t, "data script", byPath[p].Kind, p)
		require.False(t, byPath[p].Used, p)
	}
	for _, p := range []string{"db/seed_schema.sql", "ops/backfill.sql"} {
		require.True(t, byPath[p].Used, p)
	}
	require.True(t, byPath["migrations"].Used)
	var locked []string
	for _, l := range s.Locks {
		rel, _ := filepath.Rel(root, l.Loc.File)
		locked = append(locked, rel)
	}
	require.NotContains(t, locked, "scripts/demo-seed.sql")
	require.Contains(t, locked, "migrations/0002_seed_states.up.sql")
	require.Contains(t, locked, "ops/backfill.sql")
}

// Accepted: a migration directory beside the runner's (not under it) may
// be run by a runner the tool does not read; it stays.
func TestSiblingMigrationsStay(t *testing.T) {
	root := writeTree(t, map[string]string{
		"db/migrations/000001_jobs.up.sql":    "CREATE TABLE jobs (id int, status text);\n",
		"tenant/schema/000001_notes.up.sql":   "CREATE TABLE notes (id int);\n",
		"tenant/schema/000002_jobnote.up.sql": "ALTER TABLE jobs ADD COLUMN note text;\n",
		"Makefile":                            "up:\n\tgoose -dir db/migrations postgres \"$(DB)\" up\n",
	})
	srcs, _, probs := ReadModule(root).Sources()
	require.Empty(t, probs)
	s := Replay(srcs)
	require.NotNil(t, s.Table("public.notes"))
	require.NotNil(t, s.Table("public.jobs").Column("note"))
}
