package analyzers

import (
	"io"

	"github.com/jobqlint/jobqlint/analyzers/migrationlock"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// ModuleKey writes what the rules read from the files of the module under
// root, beyond a package's own files and its dependencies' facts: the
// schema (from schemaPaths, when the configuration names them; for a
// module that creates no table, its repository's migrations, read by
// sqlcheck.ReadModule as the analysis reads them), the
// module's statements, the attempt limits its packages select, and the Go
// code that runs its migrations. go vet caches a package's result under
// the tool's ID: the driver puts this into the ID (-V=full), so that
// editing a migration, or a package that the package does not import,
// never leaves a stale result.
func ModuleKey(w io.Writer, root string, schemaPaths []string) {
	queuemodel.ModuleKey(w, root, schemaPaths)
	migrationlock.ModuleKey(w, root)
}
