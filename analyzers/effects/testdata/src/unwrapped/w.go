// Nullable wrappers of a state: what each binds, when it says it is valid.
package unwrapped

import "database/sql"

func unwrapsink(v any) {}

// Text is shaped as pgx's pgtype.Text.
type Text struct {
	String string
	Valid  bool
}

// notWrapper has a string beside a flag of another name.
type notWrapper struct {
	String string
	Set    bool
}

func marks(failed bool, note string) {
	status := "processed"
	if failed {
		status = "failed"
	}
	unwrapsink(Text{String: status, Valid: true})                 // want `processed \| failed`
	unwrapsink(sql.NullString{String: "sent", Valid: true})       // want `sent`
	unwrapsink(sql.Null[string]{V: "done", Valid: true})          // want `done`
	unwrapsink(sql.NullString{String: "seen", Valid: note != ""}) // want `not unwrapped`
	unwrapsink(sql.NullString{String: "seen"})                    // want `not unwrapped`
	unwrapsink(sql.NullString{String: "seen", Valid: false})      // want `not unwrapped`
	unwrapsink(notWrapper{String: "x", Set: true})                // want `not unwrapped`

	w := sql.NullString{String: "kept", Valid: true}
	unwrapsink(w) // want `kept`

	v := sql.NullString{String: "first", Valid: true}
	v.String = "second"
	unwrapsink(v) // want `not unwrapped`

	st := sql.NullString{String: "processed", Valid: true}
	if failed {
		st = sql.NullString{String: "failed", Valid: true}
	}
	unwrapsink(st) // want `processed \| failed`
	mixed := sql.NullString{String: "processed", Valid: true}
	if failed {
		mixed = sql.NullString{}
	}
	unwrapsink(mixed) // want `not unwrapped`

	var f sql.NullString
	f.String = "queued"
	f.Valid = true
	if failed {
		f.String = "failed"
	}
	unwrapsink(f) // want `not unwrapped`

	p := sql.NullString{String: "scanned", Valid: true}
	scan(&p)
	unwrapsink(p) // want `not unwrapped`
}

func scan(dst *sql.NullString) {}
