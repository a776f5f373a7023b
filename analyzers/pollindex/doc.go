// Package pollindex defines an Analyzer that reports job-queue polls no
// index of the schema serves.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain pollindex` prints it, and docs/rules.md is generated from it.
package pollindex
