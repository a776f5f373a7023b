// Package directive defines an Analyzer that reports //jobqlint:ignore
// directives that cannot do what their writer meant: no rule, a rule that
// does not exist, no reason, a Go comment with a space after the slashes,
// and a SQL directive that applies to a line holding no statement. Such a
// directive is reported under this rule's name, never under a rule it
// names.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain directive` prints it, and docs/rules.md is generated from it.
package directive
