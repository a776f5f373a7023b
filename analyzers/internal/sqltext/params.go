package sqltext

import (
	"strconv"
	"strings"
)

// Positional rewrites the ? parameters of SQL written for sqlx.Rebind or a
// driver that takes them as $1, $2..., in order, skipping strings, quoted
// names and comments. It reports false when the text has no ? outside
// those. (PostgreSQL's jsonb ? operator is the same character: callers try
// this only on text that does not parse as it is.)
func Positional(sql string) (string, bool) {
	var (
		b      strings.Builder
		n      int
		normal = normalBytes(sql)
	)
	for i := 0; i < len(sql); i++ {
		if sql[i] == '?' && normal[i] {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteByte(sql[i])
	}
	return b.String(), n > 0
}

// Named rewrites sqlx's :name parameters as $1, $2..., one number per name
// in order of first use, and returns the names. A :: cast is left alone.
func Named(sql string) (string, []string) {
	return renumber(sql, func(i int) (string, int) {
		if sql[i] != ':' {
			return "", i
		}
		if i+1 < len(sql) && sql[i+1] == ':' {
			return "", i + 2
		}
		j := i + 1
		for j < len(sql) && (isIdentByte(sql[j]) || sql[j] == '.') {
			j++
		}
		if j > i+1 && !(sql[i+1] >= '0' && sql[i+1] <= '9') {
			return sql[i+1 : j], j
		}
		return "", i
	})
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// AtNamed rewrites pgx's @name parameters (pgx.NamedArgs, StrictNamedArgs,
// StructArgs) as $1, $2..., one number per name in order of first use, as
// pgx does before it sends the query: a name starts with a letter or an
// underscore and goes on with letters, digits and underscores; @@ and @>
// are operators, left alone.
func AtNamed(sql string) (string, []string) {
	return renumber(sql, func(i int) (string, int) {
		if sql[i] != '@' || i+1 >= len(sql) || !(isLetterByte(sql[i+1]) || sql[i+1] == '_') {
			return "", i
		}
		j := i + 1
		for j < len(sql) && (isLetterByte(sql[j]) || sql[j] == '_' || sql[j] >= '0' && sql[j] <= '9') {
			j++
		}
		return sql[i+1 : j], j
	})
}

// renumber rewrites the named parameters that nameAt finds in the SQL's
// normal text (outside strings, quoted names and comments) as $1, $2...,
// one number per name in order of first use, and returns the names. At
// byte i, nameAt returns the name that starts there and the index just past
// it; no name and an index past i copies the text up to it as it is (a ::
// cast); no name and i itself is an ordinary byte.
func renumber(sql string, nameAt func(i int) (string, int)) (string, []string) {
	var (
		b      strings.Builder
		names  []string
		normal = normalBytes(sql)
	)
	for i := 0; i < len(sql); i++ {
		if normal[i] {
			if name, end := nameAt(i); end > i {
				if name == "" {
					b.WriteString(sql[i:end])
				} else {
					k := indexOf(names, name)
					if k < 0 {
						names = append(names, name)
						k = len(names) - 1
					}
					b.WriteString("$" + strconv.Itoa(k+1))
				}
				i = end - 1
				continue
			}
		}
		b.WriteByte(sql[i])
	}
	return b.String(), names
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
