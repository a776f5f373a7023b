// Package reclaimattempts defines an Analyzer that reports reclaims of
// expired leases that never spend an attempt, or spend one that no limit
// reads: a job that kills its worker comes back for ever.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain reclaimattempts` prints it, and docs/rules.md is
// generated from it.
package reclaimattempts
