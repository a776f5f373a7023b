// Package strmangle is a stub of github.com/volatiletech/strmangle.
package strmangle

func SetComplement(a []string, b []string) []string                   { return a }
func SetParamNames(lq, rq string, start int, columns []string) string { return "" }
func WhereClause(lq, rq string, start int, cols []string) string      { return "" }
