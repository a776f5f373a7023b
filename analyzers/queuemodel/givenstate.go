package queuemodel

import (
	"go/ast"
	"go/constant"
	"go/types"
	"regexp"
)

// GivesFailure reports whether a call of a write whose state its caller
// chooses gives it a failed state and no other: the constants its
// arguments hold, directly or as fields of a literal (sqlc's params
// struct: {Status: "failed", Error: ...}), name a failure ('failed',
// StatusDead) and no success.
func GivesFailure(info *types.Info, call *ast.CallExpr) bool {
	failed := false
	for _, arg := range call.Args {
		ok := true
		ast.Inspect(arg, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit || !ok {
				return false
			}
			e, isExpr := n.(ast.Expr)
			if !isExpr {
				return true
			}
			tv := info.Types[e]
			if tv.Value == nil || tv.Value.Kind() != constant.String {
				return true
			}
			v := constant.StringVal(tv.Value)
			switch {
			case !givenStateWord.MatchString(v):
			case givenSuccess.MatchString(v):
				ok = false
			case givenFailure.MatchString(v):
				failed = true
			}
			return false
		})
		if !ok {
			return false
		}
	}
	return failed
}

// NamesSuccess reports whether a constant a caller gives a write is one
// word that names a success.
func NamesSuccess(v string) bool { return givenStateWord.MatchString(v) && givenSuccess.MatchString(v) }

// The names of states a caller gives a write (the SQL's are read by
// successLike and failureLike): a constant that is one word, and says
// success or failure.
var (
	givenStateWord = regexp.MustCompile(`^[A-Za-z_]+$`)
	givenSuccess   = regexp.MustCompile(`(?i)succe|complete|finish|(^|[^n])done|^(sent|delivered|published|processed|notified)$`)
	givenFailure   = regexp.MustCompile(`(?i)fail|error|dead|discard|cancel|abandon|abort`)
)
