// Package timestamptz defines an Analyzer that reports queue-table columns
// of type timestamp without time zone.
//
// # Analyzer timestamptz
//
// timestamptz: report timestamp without time zone on queue tables
//
// PostgreSQL converts now() (a timestamptz) to a timestamp using the
// session's TimeZone when it is stored, and converts it back the same way
// when a timestamp is compared with now(). A job enqueued by a web session
// in Europe/London and polled by a worker in UTC is an hour late in summer:
// run times depend on who wrote them and who reads them.
// TestEvidenceOnPostgreSQL checks this on PostgreSQL 15 with the seed's
// migrations: a job a London session enqueues for 12:00 UTC on 1 July is
// not yet due for a UTC worker at 12:30 with timestamp, and is due with
// timestamptz.
//
// The rule reports each timestamp column of a queue table (a table some
// statement polls or claims) in the final schema, at the CREATE TABLE,
// ADD COLUMN or ALTER COLUMN TYPE that gave it its type, with a suggested
// fix to timestamptz. Columns later changed to timestamptz, or dropped, are
// not reported; neither are tables no queue code uses, unless the
// -timestamptz.alltables flag asks for every table.
package timestamptz
