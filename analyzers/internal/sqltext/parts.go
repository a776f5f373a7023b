package sqltext

import (
	"go/types"
	"regexp"
)

// A Part is a piece of SQL text that another resolver read (the SSA one of
// package effects): text, the value of a Go object that may name a
// relation, or a number formatted into the text.
type Part struct {
	Text string
	// Obj is the struct field, package variable or parameter the part is
	// the value of, if it is; Unknown says that value is not known (Why
	// says why).
	Obj     types.Object
	Unknown bool
	Why     string
	Quoted  bool // quoted as an identifier
	Number  bool // an integer: it becomes a bind parameter
}

// nameText matches a value that can only stand in SQL as a name: an
// identifier, or a schema-qualified one.
var nameText = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)?$`)

// Assemble joins parts into SQL text as Resolve does. A struct field's
// value that reads as a name stands as the field's placeholder, as Resolve
// reads every field: a table keeps one identity whichever resolver read the
// statement. A package variable's known value is its text (Resolve reads
// an unexported variable of one value so). Any other known value is its
// text (a clause, a column list, a whole query); an unknown one is a
// placeholder, accepted only where the SQL makes it a name. When the text
// does not read with a field's value as a name (a column in a field), the
// value is read as text.
func Assemble(parts []Part) Text {
	for _, p := range parts {
		if _, ok := partPlaceholder(p.Obj); p.Unknown && !ok {
			return Text{Unread: p.Why} // a field of an unnamed struct has no placeholder
		}
	}
	t, err := assemble(pieceList(parts, true))
	if err != nil {
		if t2, err2 := assemble(pieceList(parts, false)); err2 == nil {
			return t2
		}
		return Text{Unread: err.Error()}
	}
	return t
}

func pieceList(parts []Part, names bool) []piece {
	var ps []piece
	for _, p := range parts {
		switch {
		case p.Number:
			ps = append(ps, piece{kind: pieceNumber})
			continue
		case p.Unknown || names && p.Obj != nil && isField(p.Obj) && nameText.MatchString(p.Text):
			if name, ok := partPlaceholder(p.Obj); ok {
				kind := pieceIdent
				if p.Quoted {
					kind = pieceQuoted
				}
				why := p.Why
				if why == "" {
					why = "a struct field"
				}
				ps = append(ps, piece{kind: kind, text: name, why: why})
				continue
			}
		}
		s := p.Text
		if p.Quoted {
			s = QuoteIdent(s)
		}
		if n := len(ps); n > 0 && ps[n-1].kind == pieceText {
			ps[n-1].text += s
			continue
		}
		ps = append(ps, piece{text: s})
	}
	return ps
}

// partPlaceholder is the placeholder of a field, a package variable, a
// parameter package effects keeps as one, or a function's unknown result
// (ResultVar).
func partPlaceholder(obj types.Object) (string, bool) {
	if name, ok := resultPlaceholder(obj); ok {
		return name, true
	}
	if name, ok := Placeholder(obj); ok {
		return name, true
	}
	return ParamPlaceholder(obj)
}

func isField(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.IsField()
}
