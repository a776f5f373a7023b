// Package docstest holds the tests that keep the user documentation true:
// the README's size and commands, the review guide's jobqlint output, and
// the example GitHub workflows in docs/workflows.
package docstest
