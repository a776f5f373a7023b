// Package doubledecode defines an Analyzer that reports JSON payloads
// decoded (or encoded) twice.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain doubledecode` prints it, and docs/rules.md is generated from it.
package doubledecode
