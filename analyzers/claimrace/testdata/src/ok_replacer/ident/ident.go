// Package ident quotes identifiers for the queue's SQL.
package ident

import "strings"

// Quote quotes a name as an identifier.
func Quote(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}
