// Package txenqueue defines an Analyzer that reports jobs enqueued on
// another receiver (the pool) while a transaction that writes the job's
// entity is still open.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain txenqueue` prints it, and docs/rules.md is generated from it.
package txenqueue
