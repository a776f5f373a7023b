// Package stateguard defines an Analyzer that reports updates that move a
// job to a terminal or runnable state without re-checking the state it is
// in or who holds it: a late worker, a janitor or a retry overwrites what
// happened to the job since.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain stateguard` prints it, and docs/rules.md is generated
// from it.
package stateguard
