// Package lease defines an Analyzer that reports claims with no way back
// for a job whose worker dies: no lease deadline, or a lease nothing
// reclaims. Worker commands that die mid-job on every deploy are the
// sigterm rule's, which was part of this one.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain lease` prints it, and docs/rules.md is generated from it.
package lease
