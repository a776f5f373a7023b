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
// reports the schema's findings reports its parse errors, once per run,
// and the schema files it could not read (the schema then lacks them).
//
// The parser is PostgreSQL 16's (pg_query_go v5 embeds libpg_query 16):
// syntax that only later versions accept, such as MERGE ... RETURNING or
// JSON_TABLE (PostgreSQL 17), is reported as a syntax error. SQL that is
// not UTF-8 is reported at its first invalid byte. Function bodies
// (PL/pgSQL, SQL functions written as strings) are not parsed.
package sqlsyntax
