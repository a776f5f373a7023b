// Package needcgo fails the build, with a name that says why, when cgo is
// off: jobqlint reads SQL with PostgreSQL's own parser (pg_query_go), C
// code that needs cgo and a C compiler. Without it the build would stop at
// pg_query_go's "undefined: pg.ParseToJSON", which does not say what to do.
// sqlcheck, the package that parses SQL, imports it.
package needcgo
