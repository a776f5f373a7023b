package ormsql

import "strings"

// GORM's default naming strategy names a model's table with the plural of
// its type name in snake case, and a field's column with the field name in
// snake case, after writing the common initialisms it knows (ID, HTTP,
// URL...) as words. jobqlint forms these names itself rather than linking
// GORM's schema package: that package and its inflection and text
// libraries build tables when a process starts, and go vet starts one
// process per package. A name is formed only when every step is one
// jobqlint reads; gormnaming_test.go checks each against GORM's own.

// gormInitialisms are the initialisms GORM's naming strategy writes as
// one word, in the order it tries them at a position.
var gormInitialisms = []string{"API", "ASCII", "CPU", "CSS", "DNS", "EOF", "GUID", "HTML", "HTTP", "HTTPS", "ID", "IP", "JSON", "LHS", "QPS", "RAM", "RHS", "RPC", "SLA", "SMTP", "SSH", "TLS", "TTL", "UID", "UI", "UUID", "URI", "URL", "UTF8", "VM", "XML", "XSRF", "XSS"}

// gormSnake returns GORM's snake-case name for a Go identifier, split into
// words: a lower-case start, capitalised words, and initialisms. It
// refuses (false) underscores, non-ASCII letters, a run of capitals that
// starts with no initialism (GORM lowers it whole), and lower case right
// after an initialism (IDs: GORM joins them).
func gormSnake(name string) (string, bool) {
	if name == "" {
		return "", false
	}
	var words []string
	for i := 0; i < len(name); {
		c := name[i]
		switch {
		case isLowerOrDigit(c):
			j := i
			for j < len(name) && isLowerOrDigit(name[j]) {
				j++
			}
			if i > 0 {
				return "", false // right after an initialism
			}
			words = append(words, name[i:j])
			i = j
		case isUpper(c):
			run := i
			for run < len(name) && isUpper(name[run]) {
				run++
			}
			if run-i == 1 {
				j := run
				for j < len(name) && isLowerOrDigit(name[j]) {
					j++
				}
				words = append(words, strings.ToLower(name[i:j]))
				i = j
				continue
			}
			init := gormInitialismAt(name[i:])
			if init == "" {
				return "", false
			}
			words = append(words, strings.ToLower(init))
			i += len(init)
		default:
			return "", false
		}
	}
	return strings.Join(words, "_"), true
}

// gormInitialismAt returns the initialism GORM takes at the start of s:
// the first, in its order, that s starts with.
func gormInitialismAt(s string) string {
	for _, in := range gormInitialisms {
		if strings.HasPrefix(s, in) {
			return in
		}
	}
	return ""
}

// gormTable returns the table GORM's default naming strategy gives a type
// name, when both its steps are read.
func gormTable(typeName string) (string, bool) {
	snake, ok := gormSnake(typeName)
	if !ok {
		return "", false
	}
	return plural(snake)
}

func isUpper(c byte) bool        { return c >= 'A' && c <= 'Z' }
func isLowerOrDigit(c byte) bool { return isLower(c) || c >= '0' && c <= '9' }
