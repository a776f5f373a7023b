// go-pg's queries run on the DB or Tx their chain starts from;
// RunInTransaction runs its function in a transaction.
package gopgtxs

import (
	"context"

	"github.com/go-pg/pg/v10"
)

func OnDB(db *pg.DB) {
	db.Exec("UPDATE jobs SET a = 1")                               // want `on pool tx none`
	db.Model().Table("jobs").Set("a = 1").Where("id = 1").Update() // not an Exec
}

func InRunInTransaction(ctx context.Context, db *pg.DB) error {
	return db.RunInTransaction(ctx, func(tx *pg.Tx) error {
		tx.Exec("UPDATE jobs SET a = 1")      // want `on tx tx L17 default`
		_, err := tx.Exec("DELETE FROM jobs") // want `on tx tx L17 default same=true`
		return err
	})
}

func Begun(db *pg.DB) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	tx.Exec("DELETE FROM jobs WHERE id = 1") // want `on tx tx L25 default`
	if err := tx.Commit(); err != nil {
		return err
	}
	tx.Exec("DELETE FROM jobs WHERE id = 2") // want `on tx tx none same=false`
	return nil
}
