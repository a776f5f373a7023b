package shapes

import (
	"bytes"
	"fmt"
	"strings"
)

// SQL assembled in a strings.Builder or a bytes.Buffer.

func ShapeBuilderStraight() string {
	var b strings.Builder
	b.WriteString("SELECT id FROM jobs")
	b.WriteByte(' ')
	b.WriteString("WHERE state = ")
	b.WriteRune('\'')
	b.WriteString("ready'")
	fmt.Fprintf(&b, " LIMIT %d", 10)
	return b.String()
}

// pollSQL writes the lock clause only when asked to.
func pollSQL(table string, skip bool) string {
	b := &strings.Builder{}
	fmt.Fprintf(b, "SELECT id FROM %s WHERE state = 'ready' FOR UPDATE", table)
	if skip {
		b.WriteString(" SKIP LOCKED")
	}
	return b.String()
}

func ShapeBuilderBranch() string { return pollSQL("jobs", true) }

func ShapeBuilderOtherBranch() string { return pollSQL("jobs", false) }

// A builder reset and written again; its Len read on the way.
func ShapeBuilderReset() string {
	var b strings.Builder
	b.WriteString("DELETE FROM jobs")
	b.Grow(b.Len())
	b.Reset()
	b.WriteString("UPDATE jobs SET state = 'done'")
	return b.String()
}

// A bytes.Buffer, with fmt.Fprint and the table from a field.
func (c *client) ShapeBufferField() string {
	var buf bytes.Buffer
	buf.WriteString("UPDATE ")
	fmt.Fprint(&buf, c.table)
	buf.WriteString(" SET state = 'running' WHERE id = $1")
	return buf.String()
}

// The number of VALUES groups is the caller's: a hole.
func ShapeBuilderLoop() string {
	var b strings.Builder
	b.WriteString("INSERT INTO jobs (kind) VALUES ")
	for i := range 3 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "($%d)", i+1)
	}
	return b.String()
}

// A builder handed to a helper may be written there: a hole.
func ShapeBuilderPassedOn() string {
	var b strings.Builder
	b.WriteString("SELECT 1")
	addWhere(&b)
	return b.String()
}

func addWhere(b *strings.Builder) { b.WriteString(" WHERE true") }
