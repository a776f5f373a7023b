package values

import (
	"fmt"
	"strconv"
	"strings"
)

// An IN list of parameters whose slice is made with its length and filled
// by index reads as one parameter, as one filled by append does.
func inListByIndex(ids []int64) {
	params := make([]string, len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		params[i] = "$" + strconv.Itoa(i+1)
		args[i] = id
	}
	sink(fmt.Sprintf("UPDATE jobs SET status = 'done' WHERE id IN (%s)", strings.Join(params, ",")), args...) // want `UPDATE jobs SET status = 'done' WHERE id IN \(\$#\)`
}

// Filled by index with columns, or handed to a function that may write
// into it, the slice stays a hole.
func byIndexNotParams(columns []string) {
	cols := make([]string, len(columns))
	for i, c := range columns {
		cols[i] = c
	}
	sink("SELECT " + strings.Join(cols, ", ") + " FROM jobs") // want `hole: strings.Join over non-constant input \(not a slice literal\)`
	params := make([]string, len(columns))
	for i := range columns {
		params[i] = "$" + strconv.Itoa(i+1)
	}
	fill(params)
	sink("SELECT id FROM jobs WHERE id IN (" + strings.Join(params, ",") + ")") // want `hole: strings.Join over non-constant input \(not a slice literal\)`
}

func fill(s []string) {
	for i := range s {
		s[i] = "id"
	}
}
