// Package maxattempts defines an Analyzer that reports retries that never
// stop.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain maxattempts` prints it, and docs/rules.md is generated from it.
package maxattempts
