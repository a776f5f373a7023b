// Package sigterm defines an Analyzer that reports worker commands that
// start a claim loop and never handle SIGTERM, so that every deploy kills
// the job in hand.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain sigterm` prints it, and docs/rules.md is generated
// from it. Until the check had its own ID it was part of the lease rule:
// the record names lease as an alias, so that directives, configurations
// and baselines written for lease still reach it.
package sigterm
