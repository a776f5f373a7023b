// Package sqltext turns the Go expressions that build SQL into SQL text,
// as far as the code makes the text certain, and says why when it cannot.
//
// It reads constants, named constants, concatenations, fmt.Sprintf with a
// constant format, and variables assigned once, or assembled with = and +=
// in straight-line code (SQL assembled under a branch or in a loop stays
// unread). Two kinds of Go values stand inside the text without being
// known:
//
//   - A table or schema name from a Go value (a package variable, a struct
//     field, a constructor argument stored into a field, or a quoting
//     helper's result: pgx.Identifier{...}.Sanitize(), pq.QuoteIdentifier)
//     becomes a placeholder identifier named after that Go object, the
//     same in every statement, file and package (see Placeholder). It is
//     accepted only where parsing shows the text around it makes it a
//     relation, schema, index or constraint name.
//   - A number (%d, strconv.Itoa, fmt.Sprint of an integer) becomes a bind
//     parameter numbered past any the text already has (see Text.Spliced).
//
// Placeholders are never matched to tables of the .sql migrations: they
// name only what Go code itself defines. Display turns them back into what
// a reader recognizes.
package sqltext
