// Package pq is a stub of github.com/lib/pq for analysistest: the names and
// signatures jobqlint matches, with no behaviour.
package pq

// QuoteIdentifier quotes an identifier for use in SQL text.
func QuoteIdentifier(name string) string { return `"` + name + `"` }

// Array wraps a Go slice as a PostgreSQL array argument.
func Array(a any) any { return a }
