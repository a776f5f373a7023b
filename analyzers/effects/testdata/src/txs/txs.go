package txs

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

func straight(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tx.Exec(ctx, "a")   // want `on tx tx L13 default`
	pool.Exec(ctx, "b") // want `on pool tx none same=false`
	tx.Exec(ctx, "c")   // want `on tx tx L13 default same=false`
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	tx.Exec(ctx, "d") // want `on tx tx none same=false`
	return nil
}

func sameTx(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead})
	if err != nil {
		return err
	}
	tx.Exec(ctx, "a") // want `on tx tx L29 repeatable read`
	tx.Exec(ctx, "b") // want `on tx tx L29 repeatable read same=true`
	return tx.Commit(ctx)
}

// Committed in one branch only: open after the branch on no path.
func commitInBranch(ctx context.Context, pool *pgxpool.Pool, early bool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	tx.Exec(ctx, "a") // want `on tx tx L40 default`
	if early {
		tx.Commit(ctx)
	}
	tx.Exec(ctx, "b") // want `on tx tx none same=false`
	return tx.Commit(ctx)
}

// Begun in one branch only: not open on every path.
func beginInBranch(ctx context.Context, pool *pgxpool.Pool, inTx bool) error {
	var db interface {
		Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
		QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	} = pool
	if inTx {
		tx, err := pool.Begin(ctx)
		if err != nil {
			return err
		}
		db = tx
	}
	db.Exec(ctx, "a") // want `on unknown tx none`
	return nil
}

// A transaction begun again in a loop is a new one each time round.
func loop(ctx context.Context, pool *pgxpool.Pool) error {
	for i := 0; i < 3; i++ {
		tx, err := pool.Begin(ctx)
		if err != nil {
			return err
		}
		tx.Exec(ctx, "a") // want `on tx tx L72 default`
		tx.Commit(ctx)
	}
	return nil
}

func given(ctx context.Context, tx pgx.Tx) error {
	tx.Exec(ctx, "a") // want `on tx tx given`
	tx.Exec(ctx, "b") // want `on tx tx given same=true`
	return nil
}

func beginFunc(ctx context.Context, pool *pgxpool.Pool) error {
	return pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.Serializable}, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "a") // want `on tx tx L89 serializable`
		return err
	})
}

func plainBeginFunc(ctx context.Context, pool *pgxpool.Pool) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "a") // want `on tx tx L96 default`
		return err
	})
}

func sqlOptions(ctx context.Context, db *sql.DB, level sql.IsolationLevel) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "a")
	tx2, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: level})
	if err != nil {
		return err
	}
	tx3, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx4, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	tx.Exec("a")  // want `on tx tx L103 serializable`
	tx2.Exec("b") // want `on tx tx L108 unknown same=false`
	tx3.Exec("c") // want `on tx tx L112 default same=false`
	tx4.Exec("d") // want `on tx tx L116 default same=false`
	return nil
}

// sqlc's Queries: made from the pool or the transaction, and held in a
// field.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type Queries struct{ db DBTX }

func New(db DBTX) *Queries                   { return &Queries{db: db} }
func (q *Queries) WithTx(tx pgx.Tx) *Queries { return &Queries{db: tx} }

type Store struct {
	pool *pgxpool.Pool
	q    *Queries
	tx   pgx.Tx
}

func (q *Queries) Exec(ctx context.Context) {}

func (s *Store) queries(ctx context.Context) error {
	q := New(s.pool)
	q.Exec(ctx) // want `on pool tx none`
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	qtx := s.q.WithTx(tx)
	qtx.Exec(ctx)     // want `on tx tx L150 default same=false`
	tx.Exec(ctx, "b") // want `on tx tx L150 default same=true`
	return tx.Commit(ctx)
}

// A transaction held in a field: open from the store of its Begin.
func (s *Store) field(ctx context.Context) error {
	var err error
	s.tx, err = s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	s.tx.Exec(ctx, "a") // want `on tx tx L163 default`
	s.tx.Exec(ctx, "b") // want `on tx tx L163 default same=true`
	if err := s.tx.Commit(ctx); err != nil {
		return err
	}
	s.tx.Exec(ctx, "c") // want `on tx tx none same=false`
	return nil
}

// Another method's transaction in the field is given to this one.
func (s *Store) fieldGiven(ctx context.Context) error {
	s.tx.Exec(ctx, "a") // want `on tx tx given`
	return s.tx.Commit(ctx)
}

// A closure the function makes runs in the transaction open where it is
// made.
func closure(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	run := func() {
		tx.Exec(ctx, "a") // want `on tx tx L185 default`
	}
	run()
	return tx.Commit(ctx)
}
