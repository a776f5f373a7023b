// Package overclaim defines an Analyzer that reports claims that take
// their rows through IN (SELECT ... LIMIT n FOR UPDATE): a plan that runs
// the subquery more than once takes more rows than the LIMIT.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain overclaim` prints it, and docs/rules.md is generated
// from it.
package overclaim
