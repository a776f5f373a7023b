// Package migrationlock defines an Analyzer that reports migrations whose
// DDL on an existing queue table can wait for the table's lock with no
// lock_timeout, stopping every claim behind it.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain migrationlock` prints it, and docs/rules.md is generated from it.
package migrationlock
