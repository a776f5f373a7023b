package verify

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A checker runs one finding's check in its own scratch database.
type checker struct {
	srv  *server
	db   string
	f    Finding
	tmpl *template
	now  time.Time // the clock parameters of a timestamp type are filled with; zero: the real one
	// nowText describes now in summaries, when its value would make them
	// differ from run to run.
	nowText string
	conns   []*pgx.Conn
}

func (c *checker) clock() time.Time {
	if c.now.IsZero() {
		return time.Now()
	}
	return c.now
}

// conn opens a connection to the scratch database, closed after the check.
func (c *checker) conn(ctx context.Context) (*pgx.Conn, error) {
	conn, err := c.srv.connect(ctx, c.db)
	if err != nil {
		return nil, err
	}
	c.conns = append(c.conns, conn)
	return conn, nil
}

func (c *checker) closeAll() {
	for _, conn := range c.conns {
		conn.Close(context.Background())
	}
}

// setClock makes now() in the session read instant (an SQL expression).
func setClock(ctx context.Context, conn *pgx.Conn, instant string) error {
	var at string
	if err := conn.QueryRow(ctx, "SELECT ("+instant+")::timestamptz::text").Scan(&at); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, `SET search_path = `+clockSchema+`, pg_catalog, "$user", public`); err != nil {
		return err
	}
	_, err := conn.Exec(ctx, `SELECT set_config('jobqlint.now', $1, false)`, at)
	return err
}

// tableOf returns the queue table a statement belongs to.
func (c *checker) tableOf(st *queuemodel.Statement) *queuemodel.QueueTable {
	for _, qt := range c.f.Model.QueueTables() {
		for _, s := range qt.Statements {
			if s == st {
				return qt
			}
		}
	}
	return nil
}

// ident quotes a qualified table name: public.jobs, or a placeholder name
// from a Go value, which holds dots of its own.
func ident(name string) string {
	schema, rel, ok := strings.Cut(name, ".")
	if !ok {
		return pgx.Identifier{name}.Sanitize()
	}
	return pgx.Identifier{schema, rel}.Sanitize()
}

// filledByServer returns the columns of a table that PostgreSQL fills
// itself, or lets be NULL: a default (serial's too), an identity, a
// generated column, or no NOT NULL. The replayed schema may say more than
// jobqlint's reading of it (GENERATED ALWAYS AS IDENTITY, a constraint
// added in a DO block).
func filledByServer(ctx context.Context, conn *pgx.Conn, table string) (map[string]bool, error) {
	rows, err := conn.Query(ctx, `SELECT attname FROM pg_attribute
		WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped
		AND (atthasdef OR attidentity <> '' OR attgenerated <> '' OR NOT attnotnull)`, ident(table))
	if err != nil {
		return nil, err
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, n := range names {
		out[n] = true
	}
	return out, nil
}

// rows describes rows to seed a queue table with.
type rows struct {
	n     int
	state string            // the state column's value; "" leaves it to its default
	at    string            // SQL for the time columns that need one, in terms of i, the row's number
	set   map[string]string // SQL for other columns, by name
}

// seed inserts rows into a table, with a value for each column that needs
// one: its state, the columns that are NOT NULL without a default (by their
// type; distinct values in unique columns), and those in r.set.
func (c *checker) seed(ctx context.Context, conn *pgx.Conn, table string, stateCol string, r rows) error {
	schema := c.f.Model.Schema()
	t := schema.Table(table)
	if t == nil {
		return fmt.Errorf("the schema jobqlint read has no table %s", queuemodel.DisplayName(table))
	}
	unique := map[string]bool{}
	for _, ix := range t.Indexes {
		if ix.Unique || ix.Primary {
			for _, k := range ix.Keys {
				unique[k.Column] = true
			}
		}
	}
	filled, err := filledByServer(ctx, conn, table)
	if err != nil {
		return fmt.Errorf("reading %s from PostgreSQL: %s", queuemodel.TableName(table), errText(err))
	}
	var cols, vals []string
	for _, col := range t.Columns {
		var v string
		switch {
		case r.set[col.Name] != "":
			v = r.set[col.Name]
		case col.Name == stateCol && r.state != "" && r.state != sqlcheck.StateNotNull: // any value: filled as any column
			v = stateLiteral(r.state)
		case col.Default != nil || !col.NotNull || filled[col.Name]:
			continue
		default:
			var err error
			if v, err = fillColumn(schema, col, unique[col.Name], r.at); err != nil {
				return err
			}
		}
		cols = append(cols, pgx.Identifier{col.Name}.Sanitize())
		vals = append(vals, v)
	}
	sql := fmt.Sprintf("INSERT INTO %s (%s) SELECT %s FROM generate_series(1, %d) i", ident(table), strings.Join(cols, ", "), strings.Join(vals, ", "), r.n)
	if len(cols) == 0 {
		sql = fmt.Sprintf("INSERT INTO %s SELECT FROM generate_series(1, %d) i", ident(table), r.n)
	}
	if _, err := conn.Exec(ctx, sql); err != nil {
		return fmt.Errorf("seeding %s: %s", queuemodel.TableName(table), errText(err))
	}
	return nil
}

func stateLiteral(s string) string {
	if s == sqlcheck.StateNull {
		return "NULL"
	}
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// stateTest is SQL testing that column col is in state s.
func stateTest(col, s string) string {
	c := pgx.Identifier{col}.Sanitize()
	switch s {
	case sqlcheck.StateNull:
		return c + " IS NULL"
	case sqlcheck.StateNotNull:
		return c + " IS NOT NULL"
	}
	return c + " = " + stateLiteral(s)
}

// fillColumn returns SQL giving a column a value of its type.
func fillColumn(schema *sqlcheck.Schema, col *sqlcheck.Column, unique bool, at string) (string, error) {
	if col.Type.Array {
		return "'{}'", nil
	}
	name := col.Type.Name
	switch name {
	case "text", "varchar", "bpchar", "citext", "name":
		if unique {
			return "'" + fillText + "-' || i", nil
		}
		return "'" + fillText + "'", nil
	case "int2", "int4", "int8", "numeric", "float4", "float8":
		if unique {
			return "i", nil
		}
		return "0", nil
	case "bool":
		return "false", nil
	case "json", "jsonb":
		return "'{}'", nil
	case "bytea":
		return `'\x'::bytea`, nil
	case "uuid":
		return "gen_random_uuid()", nil
	case "timestamp", "timestamptz", "date":
		if at == "" {
			return "now()", nil
		}
		return at, nil
	case "interval":
		return "interval '0'", nil
	}
	qualified := name
	if col.Type.Schema != "" {
		qualified = col.Type.Schema + "." + name
	} else if !strings.Contains(name, ".") {
		qualified = "public." + name
	}
	if labels := schema.Enums[qualified]; len(labels) > 0 {
		return stateLiteral(labels[0]), nil
	}
	return "", fmt.Errorf("column %s is NOT NULL of type %s, without a default: verify cannot make up a value of that type", col.Name, col.Type)
}

// runnableState is the state jobs are created and polled in.
func runnableState(qt *queuemodel.QueueTable) string {
	if len(qt.Runnable) > 0 {
		return qt.Runnable[0]
	}
	return ""
}
