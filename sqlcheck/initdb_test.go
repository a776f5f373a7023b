package sqlcheck

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The .sql files a compose file mounts, or a Dockerfile copies, into the
// postgres image's /docker-entrypoint-initdb.d run only on a new database;
// the image reads no subdirectory of it, and a directory a migration
// runner also applies runs on the live database too.
func TestInitOnly(t *testing.T) {
	root := writeTree(t, map[string]string{
		"docker-compose.yml": "services:\n  db:\n    image: postgres:15\n    volumes:\n      - ./db/init:/docker-entrypoint-initdb.d\n" +
			"      - \"./schema/base.sql:/docker-entrypoint-initdb.d/00_base.sql:ro\"\n",
		"deploy/Dockerfile": "FROM postgres:15\nCOPY --chown=postgres:postgres seed/*.sql /docker-entrypoint-initdb.d/\n",
		"Makefile":          "migrate:\n\tmigrate -path db/migrations up\n\tgoose -dir shared/init up\n",
		"shared/Dockerfile": "FROM postgres:15\nADD shared/init /docker-entrypoint-initdb.d/\n",

		"db/init/001_jobs.sql":         "CREATE TABLE jobs (id int);\n",
		"db/init/archive/000_old.sql":  "CREATE TABLE old (id int);\n",
		"db/migrations/002_index.sql":  "CREATE INDEX ON jobs (id);\n",
		"schema/base.sql":              "CREATE TABLE base (id int);\n",
		"schema/other.sql":             "CREATE TABLE other (id int);\n",
		"seed/001_seed.sql":            "CREATE TABLE seeded (id int);\n",
		"shared/init/001_shared.sql":   "CREATE TABLE shared (id int);\n",
		"migrations/003_something.sql": "CREATE TABLE something (id int);\n",
	})
	m := ReadModule(root)
	for file, want := range map[string]bool{
		"db/init/001_jobs.sql":         true,
		"db/init/archive/000_old.sql":  false, // a subdirectory: never run by the image
		"db/migrations/002_index.sql":  false,
		"schema/base.sql":              true, // mounted as a file
		"schema/other.sql":             false,
		"seed/001_seed.sql":            true,  // COPY of a glob, with a flag
		"shared/init/001_shared.sql":   false, // goose applies it to the live database too
		"migrations/003_something.sql": false,
	} {
		require.Equal(t, want, m.InitOnly(filepath.Join(root, filepath.FromSlash(file))), file)
	}
}
