package doubledecode_test

import (
	"context"
	"database/sql"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestEvidenceOnPostgreSQL checks, with pgx v5 on PostgreSQL 15, the
// behaviours the rule is built on.
func TestEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	conn, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer conn.Close(ctx)
	pgtest.Exec(t, conn, `CREATE TABLE jobs (id int, payload jsonb, doc json)`)
	pgtest.Exec(t, conn, `INSERT INTO jobs VALUES (1, '{"to": "a@example.com"}', '{"to": "a@example.com"}')`)

	t.Run("pgx scans jsonb and json into any already decoded", func(t *testing.T) {
		var payload, doc any
		require.NoError(t, conn.QueryRow(ctx, `SELECT payload, doc FROM jobs`).Scan(&payload, &doc))
		require.IsType(t, map[string]any{}, payload)
		require.IsType(t, map[string]any{}, doc)
		_, isBytes := payload.([]byte)
		require.False(t, isBytes, "so payload.([]byte) panics")
	})

	t.Run("pgx scans jsonb[] into any as a slice of decoded elements", func(t *testing.T) {
		var list any
		require.NoError(t, conn.QueryRow(ctx, `SELECT ARRAY[payload, payload] FROM jobs`).Scan(&list))
		require.IsType(t, []any{}, list)
		require.IsType(t, map[string]any{}, list.([]any)[0])
		_, isBytes := list.([]byte)
		require.False(t, isBytes, "so list.([]byte) panics")
	})

	t.Run("rows.Values and RowToMap decode too", func(t *testing.T) {
		rows, err := conn.Query(ctx, `SELECT payload FROM jobs`)
		require.NoError(t, err)
		require.True(t, rows.Next())
		vals, err := rows.Values()
		require.NoError(t, err)
		rows.Close()
		require.IsType(t, map[string]any{}, vals[0])

		rows, err = conn.Query(ctx, `SELECT payload FROM jobs`)
		require.NoError(t, err)
		maps, err := pgx.CollectRows(rows, pgx.RowToMap)
		require.NoError(t, err)
		require.IsType(t, map[string]any{}, maps[0]["payload"])
	})

	t.Run("CollectRows fills struct fields and RowTo values of type any already decoded", func(t *testing.T) {
		type byName struct {
			ID      int
			Payload any
		}
		rows, err := conn.Query(ctx, `SELECT id, payload FROM jobs`)
		require.NoError(t, err)
		named, err := pgx.CollectRows(rows, pgx.RowToStructByName[byName])
		require.NoError(t, err)
		require.IsType(t, map[string]any{}, named[0].Payload)

		type byPos struct {
			Doc any
		}
		rows, err = conn.Query(ctx, `SELECT doc FROM jobs`)
		require.NoError(t, err)
		pos, err := pgx.CollectOneRow(rows, pgx.RowToStructByPos[byPos])
		require.NoError(t, err)
		require.IsType(t, map[string]any{}, pos.Doc)

		rows, err = conn.Query(ctx, `SELECT payload FROM jobs`)
		require.NoError(t, err)
		v, err := pgx.CollectOneRow(rows, pgx.RowTo[any])
		require.NoError(t, err)
		require.IsType(t, map[string]any{}, v)
	})

	t.Run("pgx scans into []byte as JSON text", func(t *testing.T) {
		var raw []byte
		require.NoError(t, conn.QueryRow(ctx, `SELECT payload FROM jobs`).Scan(&raw))
		require.JSONEq(t, `{"to": "a@example.com"}`, string(raw))
	})

	t.Run("database/sql hands back raw bytes", func(t *testing.T) {
		db, err := sql.Open("pgx", dsn)
		require.NoError(t, err)
		defer db.Close()
		var v any
		require.NoError(t, db.QueryRowContext(ctx, `SELECT payload FROM jobs`).Scan(&v))
		require.IsType(t, []byte{}, v)
	})

	t.Run("to_jsonb of text stores a JSON string, not the object", func(t *testing.T) {
		var kind string
		require.NoError(t, conn.QueryRow(ctx, `SELECT jsonb_typeof(to_jsonb($1::text))`, `{"to": "a@example.com"}`).Scan(&kind))
		require.Equal(t, "string", kind)
		require.NoError(t, conn.QueryRow(ctx, `SELECT jsonb_typeof($1::jsonb)`, `{"to": "a@example.com"}`).Scan(&kind))
		require.Equal(t, "object", kind)
	})
	t.Run("jsonb_build_object of a plain text parameter stores the text as a JSON string, as meant", func(t *testing.T) {
		var got string
		require.NoError(t, conn.QueryRow(ctx, `SELECT jsonb_build_object('error', $1::text)::text`, "connection refused").Scan(&got))
		require.JSONEq(t, `{"error": "connection refused"}`, got)
	})
}
