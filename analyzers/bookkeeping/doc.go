// Package bookkeeping defines an Analyzer that reports bookkeeping errors
// handled as job failures, and bookkeeping errors that stop the worker.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain bookkeeping` prints it, and docs/rules.md is generated from it.
package bookkeeping
