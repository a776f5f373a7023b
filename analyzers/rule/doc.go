// Package rule holds what makes an analyzer a jobqlint rule: its
// documentation record, and the reporting every rule shares.
//
// Each rule package embeds one record, rule.txtar, and builds its Analyzer
// from it with New. The record is the single source of the rule's name,
// Analyzer.Doc, the URL and Category of every diagnostic, `jobqlint
// -explain`, the SARIF rule metadata and docs/rules.md; its bad and good
// examples are run through the analyzer by the analyzers package's
// TestExamples (ruletest.Examples).
//
// New wraps the analyzer's Run so that every diagnostic goes through one
// report function, which applies //jobqlint:ignore directives (see package
// ignore) and reports the directives that are wrong. Because this happens
// inside the analyzer, it holds under go vet, the standalone driver and
// golangci-lint alike.
package rule
