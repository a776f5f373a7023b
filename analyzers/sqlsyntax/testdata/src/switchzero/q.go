package switchzero

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Exists is checked against the kinds it accepts before the switch: the
// query is never left at "", but which cases run is out of sight, so the
// text built with the zero value is not judged.
func Exists(ctx context.Context, pool *pgxpool.Pool, kind string, id int64) (bool, error) {
	var query string
	switch kind {
	case "org":
		query = `select 1 from orgs where org_id = $1`
	case "repo":
		query = `select 1 from repos where repo_id = $1`
	}
	var found bool
	err := pool.QueryRow(ctx, fmt.Sprintf("select exists (%s)", query), id).Scan(&found)
	return found, err
}

// A case that is wrong is still wrong.
func ExistsTypo(ctx context.Context, pool *pgxpool.Pool, kind string, id int64) (bool, error) {
	var query string
	switch kind {
	case "org":
		query = `select 1 from orgs where org_id = $1`
	case "repo":
		query = `select 1 FORM repos where repo_id = $1`
	}
	var found bool
	err := pool.QueryRow(ctx, fmt.Sprintf("select exists (%s)", query), id).Scan(&found) // want `SQL does not parse: syntax error at or near "repos"`
	return found, err
}

// An empty query the code writes itself is a text it sends.
func ExistsEmptyDefault(ctx context.Context, pool *pgxpool.Pool, kind string, id int64) (bool, error) {
	var query string
	if kind == "none" {
		query = ""
	} else if kind == "org" {
		query = `select 1 from orgs where org_id = $1`
	}
	var found bool
	err := pool.QueryRow(ctx, fmt.Sprintf("select exists (%s)", query), id).Scan(&found) // want `SQL does not parse: syntax error at or near "\)"`
	return found, err
}

// Whichever path comes first.
func ExistsEmptyLast(ctx context.Context, pool *pgxpool.Pool, kind string, id int64) (bool, error) {
	var query string
	switch kind {
	case "skip":
	case "org":
		query = `select 1 from orgs where org_id = $1`
	default:
		query = ""
	}
	var found bool
	err := pool.QueryRow(ctx, fmt.Sprintf("select exists (%s)", query), id).Scan(&found) // want `SQL does not parse: syntax error at or near "\)"`
	return found, err
}

const noQuery = ""

// So is one it starts from.
func ExistsFromNone(ctx context.Context, pool *pgxpool.Pool, kind string, id int64) (bool, error) {
	query := noQuery
	if kind == "org" {
		query = `select 1 from orgs where org_id = $1`
	}
	var found bool
	err := pool.QueryRow(ctx, fmt.Sprintf("select exists (%s)", query), id).Scan(&found) // want `SQL does not parse: syntax error at or near "\)"`
	return found, err
}

// An optional clause left at its zero value is a text the code sends too:
// the base query without it is judged through the other texts.
func Jobs(ctx context.Context, pool *pgxpool.Pool, locked bool) error {
	var suffix string
	if locked {
		suffix = ` FOR UPDATE SKIP LOCKED`
	}
	_, err := pool.Exec(ctx, `SELECT id FROM jobs WHER status = 'queued'`+suffix) // want `SQL does not parse: syntax error at or near "status"`
	return err
}

// A text that a path setting every variable also builds is judged, however
// else it is reached.
func Halves(ctx context.Context, pool *pgxpool.Pool, head, tail bool) error {
	var first string
	if head {
		first = `SELECT '`
	}
	second := ""
	if tail {
		second = `SELECT '`
	}
	_, err := pool.Exec(ctx, first+second) // want `SQL does not parse: unterminated quoted string`
	return err
}

// Two ways to one text: the zero value of a switch that sets nothing, and
// the same text kept in a package variable. The second is sent, so the text is
// judged.
func ExistsSpelledOut(ctx context.Context, pool *pgxpool.Pool, kind string, id int64) (bool, error) {
	var query string
	switch kind {
	case "skip":
	case "org":
		query = `select 1 from orgs where org_id = $1`
	}
	text := fmt.Sprintf("select exists (%s)", query)
	if kind == "all" {
		text = existsNothing
	}
	var found bool
	err := pool.QueryRow(ctx, text, id).Scan(&found) // want `SQL does not parse: syntax error at or near "\)"`
	return found, err
}

var existsNothing = "select exists ()"
