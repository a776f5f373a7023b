// Package pgxdb stands for a shared module over a pgx pool: SQL methods
// with pgx's results, and squirrel builders with the module's placeholder
// format. As with pgdb, jobqlint reads none of it: the bodies run nothing.
package pgxdb

import (
	"context"

	"github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type Postgres struct {
	Builder squirrel.StatementBuilderType
}

func (p *Postgres) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return nil, nil
}

func (p *Postgres) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row { return nil }

func (p *Postgres) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

func (p *Postgres) Select(columns ...string) squirrel.SelectBuilder { return squirrel.SelectBuilder{} }
func (p *Postgres) Insert(into string) squirrel.InsertBuilder       { return squirrel.InsertBuilder{} }
func (p *Postgres) Update(table string) squirrel.UpdateBuilder      { return squirrel.UpdateBuilder{} }
func (p *Postgres) Delete(from string) squirrel.DeleteBuilder       { return squirrel.DeleteBuilder{} }

// From starts a SELECT * of a table: its string is no column.
func (p *Postgres) From(table string) squirrel.SelectBuilder { return squirrel.SelectBuilder{} }
