// Package null is a stub of github.com/volatiletech/null/v8.
package null

type String struct {
	String string
	Valid  bool
}

func StringFrom(s string) String { return String{String: s, Valid: true} }
func (s String) IsZero() bool    { return !s.Valid }
