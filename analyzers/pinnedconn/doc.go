// Package pinnedconn defines an Analyzer that reports LISTEN and
// session-level advisory locks run on a connection pool, where the next
// statement runs on another connection.
//
// Its documentation record, the single source of its name, title,
// severity, explanation and examples, is rule.txtar beside this file;
// `jobqlint -explain pinnedconn` prints it, and docs/rules.md is generated from it.
package pinnedconn
