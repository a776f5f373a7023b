package errpath

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

var errUnknownKind = errors.New("unknown kind")

// tableOf names the table of a kind; an unknown kind gets "" with an
// error.
func tableOf(kind string) (string, string, error) {
	switch kind {
	case "org":
		return "orgs", "org_id", nil
	case "repo":
		return "repos", "repo_id", nil
	}
	return "", "", errUnknownKind
}

// Accepted: the table is used only where the error is nil.
func Count(ctx context.Context, pool *pgxpool.Pool, kind string) (int, error) {
	table, _, err := tableOf(kind)
	if err != nil {
		return 0, err
	}
	var n int
	err = pool.QueryRow(ctx, "SELECT count(*) FROM "+table+" WHERE active").Scan(&n)
	return n, err
}

// Accepted: the nil side of the check, written the other way round.
func CountIfNil(ctx context.Context, pool *pgxpool.Pool, kind string) int {
	var n int
	if table, col, err := tableOf(kind); err == nil {
		_ = pool.QueryRow(ctx, "SELECT count("+col+") FROM "+table+" WHERE active").Scan(&n)
	}
	return n
}

// Accepted: the error is ignored (the kind was checked elsewhere): the
// error path's "" is a hole, not a definite broken query.
func Deactivate(ctx context.Context, pool *pgxpool.Pool, kind string, id int64) error {
	table, _, _ := tableOf(kind)
	_, err := pool.Exec(ctx, "UPDATE "+table+" SET active = false WHERE id = $1", id)
	return err
}

// lookup passes on the error of a call it checked.
func lookup(kind string) (string, error) {
	t, _, err := tableOf(kind)
	if err != nil {
		return "", fmt.Errorf("lookup %q: %w", kind, err)
	}
	return t, nil
}

// Accepted: a helper that returns "" with the error it checked.
func Archive(ctx context.Context, pool *pgxpool.Pool, kind string, id int64) error {
	table, err := lookup(kind)
	if err != nil {
		return err
	}
	_, err = pool.Exec(ctx, "DELETE FROM "+table+" WHERE id = $1", id)
	return err
}

// badTable returns a broken name with a nil error.
func badTable(kind string) (string, error) {
	switch kind {
	case "org":
		return "orgs", nil
	case "odd":
		return "orgs WHERE", nil
	}
	return "", errUnknownKind
}

// Rejected: a name the success path returns is a query that never parses.
func Touch(ctx context.Context, pool *pgxpool.Pool, kind string, id int64) error {
	table, err := badTable(kind)
	if err != nil {
		return err
	}
	_, err = pool.Exec(ctx, "UPDATE "+table+" SET touched = now() WHERE id = $1", id) // want `SQL does not parse: syntax error at or near "WHERE"`
	return err
}

// Accepted: the error is checked, but the table is used on its error side
// too (logged and carried on): whether an unknown kind comes here is out of
// sight, so the error return's "" is a hole, as when the error is ignored.
func Sweep(ctx context.Context, pool *pgxpool.Pool, kind string) error {
	table, _, err := tableOf(kind)
	if err != nil {
		fmt.Println("sweep:", err)
	}
	_, err = pool.Exec(ctx, "DELETE FROM "+table+" WHERE done")
	return err
}

// params makes $start, $start+1, ... for n values, and "" for none.
func params(start, n int) string {
	if n <= 0 {
		return ""
	}
	ps := make([]string, n)
	for i := range ps {
		ps[i] = "$" + strconv.Itoa(start+i)
	}
	return strings.Join(ps, ",")
}

// Accepted: the IN list's length is known only at run time (the caller
// returns early on an empty one).
func Remove(ctx context.Context, pool *pgxpool.Pool, owner int64, ids []any) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := pool.Exec(ctx, "DELETE FROM members WHERE owner = $1 AND id IN ("+params(2, len(ids))+")", append([]any{owner}, ids...)...)
	return err
}

// Rejected: an IN list that is really empty, a constant the code joins.
func RemoveNone(ctx context.Context, pool *pgxpool.Pool, owner int64) error {
	_, err := pool.Exec(ctx, "DELETE FROM members WHERE owner = $1 AND id IN ("+strings.Join([]string{}, ",")+")", owner) // want `SQL does not parse: syntax error at or near "\)"`
	return err
}

// Rejected: the helper's count is a constant zero here.
func RemoveZero(ctx context.Context, pool *pgxpool.Pool, owner int64) error {
	_, err := pool.Exec(ctx, "DELETE FROM members WHERE owner = $1 AND id IN ("+params(2, 0)+")", owner) // want `SQL does not parse: syntax error at or near "\)"`
	return err
}
