package claimrace_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
)

// sqlc generates a method for every query of a queries file: an
// application's generated package polls its documents table for pending
// rows (ListPendingDocuments) and marks one processed by key. In docsmod
// nothing in the module calls the poll (the documents are processed
// through a jobs queue claimed with SKIP LOCKED): no relay races, and no
// finding at the generated SELECT.
func TestRelayPollNothingCalls(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "docsmod"), claimrace.Analyzer, "./...")
}

// The same generated package, its poll called by a relay in another
// package that indexes each document and then marks it processed: the
// race is reported at the relay's call of the poll, the mark's call
// related, and not at the generated SELECT.
func TestRelayPollJudgedAtItsCaller(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "docsrelaymod"), claimrace.Analyzer, "./...")
}

// The same poll called by a runner that hands each document to a
// handler, which marks it: no function of the module calls the poll and
// then the mark, so no caller is judged, and the relay is reported at the
// generated SELECT, as before.
func TestRelayPollCalledWithoutTheMark(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "docsrunnermod"), claimrace.Analyzer, "./...")
}
