// bun's queries run on the DB, Tx or IDB their chain starts from; RunInTx
// runs its function in a transaction with the options' isolation.
package buntxs

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun"
)

func OnDB(ctx context.Context, db *bun.DB) {
	db.NewUpdate().Table("jobs").Set("a = 1").Where("id = 1").Exec(ctx) // want `on pool tx none`
	q := db.NewDelete().Table("jobs")
	q = q.Where("id = 2")
	q.Exec(ctx) // want `on pool tx none same=false`
}

func OnIDB(ctx context.Context, db bun.IDB) {
	db.NewDelete().Table("jobs").Where("id = 1").Exec(ctx) // want `on unknown tx none`
}

func InRunInTx(ctx context.Context, db *bun.DB) error {
	return db.RunInTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable}, func(ctx context.Context, tx bun.Tx) error {
		tx.NewUpdate().Table("jobs").Set("a = 1").Where("id = 1").Exec(ctx) // want `on tx tx L24 serializable`
		_, err := tx.NewDelete().Table("jobs").Where("id = 1").Exec(ctx)    // want `on tx tx L24 serializable same=true`
		return err
	})
}

func Begun(ctx context.Context, db *bun.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.NewDelete().Table("jobs").Where("id = 1").Exec(ctx) // want `on tx tx L32 default`
	if err := tx.Commit(); err != nil {
		return err
	}
	tx.NewDelete().Table("jobs").Where("id = 2").Exec(ctx) // want `on tx tx none same=false`
	return nil
}
