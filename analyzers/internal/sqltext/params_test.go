package sqltext

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPositional(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`SELECT id FROM jobs WHERE status = ? LIMIT ?`, `SELECT id FROM jobs WHERE status = $1 LIMIT $2`},
		{`SELECT '?' , "a?" FROM t -- why?` + "\n" + `WHERE a = ? /* ? */`, `SELECT '?' , "a?" FROM t -- why?` + "\n" + `WHERE a = $1 /* ? */`},
		{`SELECT $$ ? $$, ?`, `SELECT $$ ? $$, $1`},
	} {
		got, ok := Positional(tc.in)
		require.True(t, ok)
		require.Equal(t, tc.want, got)
	}
	_, ok := Positional(`SELECT '?' FROM jobs`)
	require.False(t, ok, "no ? outside a string")
}

func TestNamed(t *testing.T) {
	got, names := Named(`INSERT INTO jobs (kind, payload, run_at) VALUES (:kind, :payload::jsonb, :kind) -- :not`)
	require.Equal(t, `INSERT INTO jobs (kind, payload, run_at) VALUES ($1, $2::jsonb, $1) -- :not`, got)
	require.Equal(t, []string{"kind", "payload"}, names)
	got, names = Named(`SELECT a[1:2], ':x' FROM t`)
	require.Equal(t, `SELECT a[1:2], ':x' FROM t`, got)
	require.Empty(t, names)
}

// pgx numbers @name the way it sends the query with pgx.NamedArgs; the
// operators that begin with @ and names in strings and comments stay.
func TestAtNamed(t *testing.T) {
	got, names := AtNamed(`SELECT * FROM runs WHERE org = @org AND tags @> @tags AND doc @@ q ORDER BY id LIMIT @limit OFFSET @_offset + 1 -- @not` + "\n" + `AND '@x' = "@y" AND n = @org`)
	require.Equal(t, `SELECT * FROM runs WHERE org = $1 AND tags @> $2 AND doc @@ q ORDER BY id LIMIT $3 OFFSET $4 + 1 -- @not`+"\n"+`AND '@x' = "@y" AND n = $1`, got)
	require.Equal(t, []string{"org", "tags", "limit", "_offset"}, names)
	got, names = AtNamed(`SELECT @1, @ x FROM t`)
	require.Equal(t, `SELECT @1, @ x FROM t`, got, "a name starts with a letter or an underscore")
	require.Empty(t, names)
}

func TestDisplay(t *testing.T) {
	name := placeholder("example.com/queue/store", "store", "Queue.table")
	require.Regexp(t, `^\{store\.Queue\.table~[0-9a-f]{6}\}$`, name)
	require.NotEqual(t, name, placeholder("example.com/other/store", "store", "Queue.table"), "packages that share a name")
	require.Equal(t, "{store.Queue.table}", Display(name))
	require.Equal(t, `CREATE INDEX "{store.Queue.table}_poll" ON {store.Queue.table} (run_at)`,
		Display(`CREATE INDEX "`+name+`_poll" ON "`+name+`" (run_at)`))
	require.Equal(t, "public.jobs", Display("public.jobs"))
	long := placeholder("example.com/q", "averyveryverylongpackagename", "AVeryLongStructTypeName.aVeryLongFieldName")
	require.LessOrEqual(t, len(long)+16, maxIdent, "room for a prefix or suffix in PostgreSQL's 63 bytes")
	require.Equal(t, "{docket.useManuallyCreatedTable}", Display(placeholder("github.com/modfin/pqdocket", "pqdocket", "docket.useManuallyCreatedTable")),
		"whole names are dropped from the left, not letters")
	require.Equal(t, "{yVeryLongStructTypeNameWithNoDotsAtAll}", Display(placeholder("example.com/q", "q", "AVeryVeryLongStructTypeNameWithNoDotsAtAll")),
		"a single name too long is cut")
}
