package migrationlock_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/migrationlock"
)

// An entity table (documents) whose generated package has a poll of its
// pending rows and a by-key mark that nothing in the module calls in turn
// (the documents are processed through the jobs queue): the unused query
// does not make documents a queue, and a migration's ALTER TABLE on it is
// no queue's.
func TestUnusedPollMakesNoQueue(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "docsmod"), migrationlock.Analyzer, "./...")
}
