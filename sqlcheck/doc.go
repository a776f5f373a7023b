// Package sqlcheck is jobqlint's model of SQL: it parses PostgreSQL with the
// real parser (pg_query_go), replays migrations into a schema of tables,
// columns and indexes, and extracts the facts of DML statements that the
// queue rules reason about (target table, WHERE predicates, ORDER BY, LIMIT,
// row locks, SET assignments, RETURNING).
//
// It also holds the schema-level checks (which index serves a poll, which
// columns are timestamp without time zone), so they can be tested without
// Go code. It knows nothing of go/analysis: the analyzers feed it SQL and
// turn its answers into diagnostics.
package sqlcheck
