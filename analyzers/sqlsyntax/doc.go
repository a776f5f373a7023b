// Package sqlsyntax defines an Analyzer that reports SQL PostgreSQL cannot
// parse, in Go code and in migrations.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain sqlsyntax` prints it, and docs/rules.md is generated from it.
package sqlsyntax
