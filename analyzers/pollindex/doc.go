// Package pollindex defines an Analyzer that reports job-queue polls no
// index of the schema serves.
//
// # Analyzer pollindex
//
// pollindex: report polls that no index serves
//
// A poll finds the next runnable job: it filters on the state column (and
// often a time column), orders, and takes the first rows. Finished jobs
// stay in the table (90 days of them in the seed review), so without an
// index that starts at the runnable rows, every poll of every worker walks
// the finished ones first.
//
// The rule checks each poll against the final schema. It accepts a partial
// index whose predicate the poll's filters imply (best: CREATE INDEX ON jobs
// (run_at) WHERE status = 'queued', or a predicate with an IN list that
// contains the poll's states), and a btree whose leading columns are the
// poll's equality filters, state included ((status, run_at), (queue,
// status, run_at)). An index on another column (the seed's kind), or on
// run_at alone without the predicate, does not serve it. A poll with no
// state filter (a DELETE-based queue) needs an index that gives its order.
//
// TestEvidenceOnPostgreSQL checks this on PostgreSQL 15 with 100,000
// finished jobs: the seed's poll scans the table despite its index on kind,
// and both the fixed schema's partial index and the index the finding
// suggests serve it.
//
// The finding sits where the fix goes, at the queue table's CREATE TABLE,
// with the poll as a related position and the CREATE INDEX statement to add
// in a new migration. An index whose predicate the tool cannot evaluate, or
// a poll whose state is a parameter matched against a partial index, is
// given the benefit of the doubt; a table not in the module's schema is not
// reported. Like every schema finding, it is reported by the package that
// claims from the table, not by the packages that import it.
package pollindex
