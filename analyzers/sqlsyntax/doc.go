// Package sqlsyntax defines an Analyzer that reports SQL PostgreSQL cannot
// parse, in Go code and in migrations.
//
// # Analyzer sqlsyntax
//
// sqlsyntax: report SQL that PostgreSQL cannot parse
//
// jobqlint reads SQL with PostgreSQL's own parser. SQL it cannot parse is
// reported at its file and line with the parser's message, because every
// other rule is blind to it: a migration that does not parse leaves the
// schema incomplete, a query that does not parse fails at run time.
//
// In Go, only SQL run through pgx (or an interface whose methods return pgx
// types) is checked: database/sql may talk to another database whose
// dialect PostgreSQL's parser rejects. In .sql files, the package that
// reports the schema's findings reports its parse errors, once per run.
package sqlsyntax
