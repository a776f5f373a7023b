package values

import (
	"errors"
	"strconv"
	"strings"
)

var errNoKind = errors.New("no such kind")

// kindTable returns a kind's table, or "" with an error.
func kindTable(kind string) (string, error) {
	switch kind {
	case "org":
		return "orgs", nil
	case "repo":
		return "repos", nil
	}
	return "", errNoKind
}

// A value returned only with an error does not reach a use where the
// error is nil.
func errorChecked(kind string) {
	t, err := kindTable(kind)
	if err != nil {
		return
	}
	sink("SELECT * FROM " + t) // want `^SELECT \* FROM orgs \| SELECT \* FROM repos$`
}

// Where the error is ignored, the error's return is a hole: the function's
// result is a name of its own (sqltext.ResultVar).
func errorIgnored(kind string) {
	t, _ := kindTable(kind)
	sink("SELECT * FROM " + t) // want `^SELECT \* FROM \{kindTable.*: the result of kindTable \(the value kindTable returns with an error, used where the error may not be nil\)\}$`
}

// Checked, but used on the error's side too: a hole.
func errorBothSides(kind string) {
	t, err := kindTable(kind)
	if err != nil {
		println(err.Error())
	}
	sink("SELECT * FROM " + t) // want `^SELECT \* FROM \{kindTable.*: the result of kindTable \(the value kindTable returns with an error, used where the error may not be nil\)\}$`
}

// A default on the error's side, the result on the nil side (a phi).
func errorDefault(kind string) {
	t, err := kindTable(kind)
	if err != nil {
		t = "teams"
	}
	sink("SELECT * FROM " + t) // want `^SELECT \* FROM orgs \| SELECT \* FROM repos \| SELECT \* FROM teams$`
}

// The result on the error's side of a phi: a hole.
func errorKept(kind string) {
	t, err := kindTable(kind)
	if err == nil {
		t = "teams"
	}
	sink("SELECT * FROM " + t) // want `^SELECT \* FROM \{kindTable.*: the result of kindTable \(the value kindTable returns with an error, used where the error may not be nil\)\} \| SELECT \* FROM teams$`
}

// A constant kind picks its case, error or not.
func errorIgnoredConstant() {
	t, _ := kindTable("repo")
	sink("SELECT * FROM " + t) // want `^SELECT \* FROM repos$`
}

// An error a helper checked and passes on as it is.
func passOn(kind string) (string, error) {
	t, err := kindTable(kind)
	if err != nil {
		return "", err
	}
	return "public." + t, nil
}

func errorPassedOn(kind string) {
	if t, err := passOn(kind); err == nil {
		sink("SELECT * FROM " + t) // want `^SELECT \* FROM public.orgs \| SELECT \* FROM public.repos$`
	}
}

// paramList returns "" for no values, and a parameter per value otherwise.
func paramList(n int) string {
	if n == 0 {
		return ""
	}
	ps := make([]string, n)
	for i := range ps {
		ps[i] = "$" + strconv.Itoa(i+1)
	}
	return strings.Join(ps, ", ")
}

// Its "" is a hole when n is known only at run time, and "" when it is 0.
func runTimeLength(ids []int64) {
	sink("SELECT * FROM jobs WHERE id IN (" + paramList(len(ids)) + ")") // want `^SELECT \* FROM jobs WHERE id IN \(\$#\) \| hole: the empty text paramList returns for a run-time length of zero$`
	sink("SELECT * FROM jobs WHERE id IN (" + paramList(0) + ")")        // want `^SELECT \* FROM jobs WHERE id IN \(\)$`
}

// limitClause returns "" for no limit.
func limitClause(n int) string {
	if n <= 0 {
		return ""
	}
	return " LIMIT " + strconv.Itoa(n)
}

// A number that is no length keeps its "": both texts are read.
func limitNotLength(n int) {
	sink("SELECT * FROM jobs" + limitClause(n)) // want `^SELECT \* FROM jobs \| SELECT \* FROM jobs LIMIT #$`
}
