// Package jobrecords finds the job records of a package's workers (see
// queuemodel.JobRecord): PostgreSQL holding only the record of a job that
// a broker or a channel feeds the worker.
//
// jobrecords: find the job records of a package's workers
//
// It exports the package's record writes (functions that move one row by
// key to a state) as facts, so that a worker in another package sees what
// a store's function does, and keeps the package's job records in the
// queue model (queuemodel.Model.JobRecords). The facts are this
// analyzer's, not the queue model's: rules that read job records require
// it.
package jobrecords

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// Analyzer finds the job records. It reports nothing itself.
var Analyzer = &analysis.Analyzer{
	Name:             "jobrecords",
	Doc:              "find the job records of a package's workers (shared by the lease and bookkeeping rules)",
	URL:              "https://github.com/jobqlint/jobqlint",
	Run:              run,
	ResultType:       reflect.TypeFor[[]*queuemodel.JobRecord](),
	Requires:         []*analysis.Analyzer{queuemodel.Analyzer},
	FactTypes:        []analysis.Fact{(*queuemodel.RecordWrite)(nil), (*queuemodel.RecordRunner)(nil), (*queuemodel.EachJob)(nil)},
	RunDespiteErrors: true,
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	if m.Dependency() {
		return []*queuemodel.JobRecord(nil), nil
	}
	imported := func(fn *types.Func) *queuemodel.RecordWrite {
		var w queuemodel.RecordWrite
		if pass.ImportObjectFact(fn, &w) {
			return &w
		}
		return nil
	}
	// A store's method that passes its state on to sqlc's is a record
	// write for the packages that call it.
	m.ForwardRecordWrites(pass, imported)
	for fn, w := range m.RecordWrites() {
		if fn.Exported() {
			pass.ExportObjectFact(fn, w)
		}
	}
	runner := func(fn *types.Func) *queuemodel.RecordRunner {
		var r queuemodel.RecordRunner
		if pass.ImportObjectFact(fn, &r) {
			return &r
		}
		return nil
	}
	for fn, f := range queuemodel.EachJobMethods(pass.TypesInfo, pass.Pkg, m.Inspector()) {
		pass.ExportObjectFact(fn, f)
	}
	eachJob := func(fn *types.Func) bool { return pass.ImportObjectFact(fn, new(queuemodel.EachJob)) }
	records := m.FindJobRecords(pass, imported, runner, eachJob)
	for fn, r := range m.RecordRunners() {
		pass.ExportObjectFact(fn, r)
	}
	return records, nil
}
