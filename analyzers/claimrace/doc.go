// Package claimrace defines an Analyzer that reports job claims two
// workers can make at once.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain claimrace` prints it, and docs/rules.md is generated from it.
package claimrace
