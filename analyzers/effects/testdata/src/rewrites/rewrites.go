package rewrites

import (
	"strconv"
	"strings"
)

func sink(args ...string) {}

func rebound(q string) {}

// rebind numbers ? parameters $1, $2..., leaving quoted text alone.
func rebind(q string) string {
	q = strings.TrimSpace(q)
	var b strings.Builder
	b.Grow(len(q) + 8)
	n, quoted := 0, false
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c == '\'' {
			quoted = !quoted
		}
		if c == '?' && !quoted {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// rebindJoined numbers them with one write of "$" and the number joined.
func rebindJoined(q string) string {
	var b strings.Builder
	n := 1
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			b.WriteString("$" + strconv.Itoa(n))
			n++
		} else {
			b.WriteByte(q[i])
		}
	}
	return b.String()
}

// prefixed renames the identifiers a map names, rune by rune.
func prefixed(q string, names map[string]string) string {
	if len(names) == 0 {
		return q
	}
	var b strings.Builder
	for i := 0; i < len(q); {
		j := i
		for j < len(q) && (q[j] >= 'a' && q[j] <= 'z' || q[j] == '_') {
			j++
		}
		if j > i {
			if v, ok := names[q[i:j]]; ok {
				b.WriteString(v)
			} else {
				b.WriteString(q[i:j])
			}
			i = j
			continue
		}
		b.WriteByte(q[i])
		i++
	}
	return b.String()
}

// quoteLiteral wraps a value in quotes: its writes outside the loop make
// it another text than its input.
func quoteLiteral(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		if r == '\'' {
			b.WriteRune('\'')
		}
		b.WriteRune(r)
	}
	b.WriteByte('\'')
	return b.String()
}

// conjoin writes a keyword in the loop: SQL of its own.
func conjoin(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == ',' {
			b.WriteString(" AND ")
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// interleave copies two strings.
func interleave(x, y string) string {
	var b strings.Builder
	for i := 0; i < len(x) && i < len(y); i++ {
		b.WriteByte(x[i])
		b.WriteByte(y[i])
	}
	return b.String()
}

// A dialect's placeholder helper, called through an interface.
type dialect interface {
	rebind(query string) string
}

type postgres struct{}

func (postgres) rebind(query string) string { return rebind(query) }

type sqlite struct{}

func (sqlite) rebind(query string) string { return query }

// tagged adds its receiver's field: not a summary of its arguments.
type tagged struct{ tag string }

func (t tagged) rebind(query string) string { return query + t.tag }

type store struct{ d dialect }

func openPostgres() *store { return &store{d: postgres{}} }

func openSQLite() *store { return &store{d: sqlite{}} }

func (s *store) q(query string) string { return s.d.rebind(query) }

type taggedStore struct{ d dialect }

func openTagged(tag string) *taggedStore { return &taggedStore{d: tagged{tag: tag}} }

func Use(names map[string]string, tag string) {
	sink(rebind(" SELECT id FROM jobs WHERE state = ? AND note <> '?' ")) // want `^SELECT id FROM jobs WHERE state = \? AND note <> '\?'$`
	sink(rebindJoined("DELETE FROM jobs WHERE id = ?"))                   // want `^DELETE FROM jobs WHERE id = \?$`
	sink(prefixed("SELECT id FROM jobs", names))                          // want `^SELECT id FROM jobs$`
	sink(quoteLiteral("ready"))                                           // want `^hole: `
	sink(conjoin("a = 1,b = 2"))                                          // want `^hole: `
	sink(interleave("ab", "cd"))                                          // want `^hole: `
	s := openPostgres()
	_ = openSQLite()
	sink(s.q("UPDATE jobs SET state = ? WHERE id = ?")) // want `^UPDATE jobs SET state = \? WHERE id = \?$`
	t := openTagged(tag)
	sink(t.d.rebind("DELETE FROM jobs")) // want `^hole: `

	rebound(s.q("UPDATE jobs SET state = ? WHERE id = ?"))       // want `rebinds`
	rebound(rebindJoined("SELECT 1"))                            // want `rebinds`
	rebound(rebind("SELECT 1"))                                  // want `rebinds`
	rebound(prefixed("SELECT id FROM jobs WHERE id = ?", names)) // want `keeps \?`
	rebound("SELECT id FROM jobs WHERE id = ?")                  // want `keeps \?`
}
