// Package timestamptz defines an Analyzer that reports queue-table columns
// of type timestamp without time zone.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain timestamptz` prints it, and docs/rules.md is generated from it.
package timestamptz
