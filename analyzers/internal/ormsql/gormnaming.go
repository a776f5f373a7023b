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

// gormSnake returns GORM's snake-case name for a Go identifier of ASCII
// letters and digits (it refuses others: underscores and other letters
// take turns of GORM's rule that jobqlint does not read). GORM first
// writes each initialism it knows as a capitalised word (JobID is
// JobId), taking at each position the first of its list that matches;
// then every capital letter is lowered, with an underscore before it
// unless it starts the name or stands inside a run of capitals that goes
// on (a capital or a digit follows it). So a run of capitals keeps its
// last one for the next word (PRComment is pr_comment), and a run at the
// end of the name stays one word (CommitSHA is commit_sha).
func gormSnake(name string) (string, bool) {
	if name == "" {
		return "", false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !isUpper(c) && !isLowerOrDigit(c) {
			return "", false
		}
	}
	v := capitaliseInitialisms(name)
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !isUpper(c) {
			b.WriteByte(c)
			continue
		}
		if i > 0 {
			inRun := isUpper(v[i-1]) && i+1 < len(v) && (isUpper(v[i+1]) || isDigit(v[i+1]))
			endsRun := isUpper(v[i-1]) && i+1 == len(v)
			if !inRun && !endsRun {
				b.WriteByte('_')
			}
		}
		b.WriteByte(c - 'A' + 'a')
	}
	return b.String(), true
}

// capitaliseInitialisms writes each initialism GORM knows in s as a
// capitalised word (ID as Id), scanning from the left and taking, at a
// position, the first of gormInitialisms that s has there.
func capitaliseInitialisms(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if in := gormInitialismAt(s[i:]); in != "" {
			b.WriteString(in[:1] + strings.ToLower(in[1:]))
			i += len(in)
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
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
func isLowerOrDigit(c byte) bool { return isLower(c) || isDigit(c) }
func isDigit(c byte) bool        { return c >= '0' && c <= '9' }

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
