// Package orypop checks the pop reader of ormsql against ory's fork of pop
// (github.com/ory/pop/v6): its test runs the calls of the orypopcases
// fixture with the fork on PostgreSQL 15 and compares the SQL the fork
// sends with the SQL the reader rebuilds. It is a module of its own so
// that the fork's dependencies stay out of jobqlint's.
package orypop
