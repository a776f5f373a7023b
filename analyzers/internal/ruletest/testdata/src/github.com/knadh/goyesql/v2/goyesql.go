// Package goyesql is a stub of github.com/knadh/goyesql/v2 with its names
// and signatures.
package goyesql

type Query struct {
	Query string
	Tags  map[string]string
}

type Queries map[string]*Query

func ParseFile(path string) (Queries, error) { return nil, nil }
func MustParseFile(path string) Queries      { return nil }
func ParseBytes(b []byte) (Queries, error)   { return nil, nil }
func MustParseBytes(b []byte) Queries        { return nil }
