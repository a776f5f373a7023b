// go-pg through pg.DBI held by a store: the claim is one UPDATE whose
// subquery takes the row with FOR UPDATE SKIP LOCKED (its RETURNING
// scanned into the job), and a claim in RunInTransaction that locks the
// row with FOR UPDATE SKIP LOCKED and updates it in the same transaction.
package ok_gopg_iface

import (
	"context"

	"github.com/go-pg/pg/v10"
)

type Job struct {
	tableName struct{} `pg:"jobs"`
	ID        int64
	Status    string
}

type Store struct {
	db pg.DBI
}

func (s *Store) Take(ctx context.Context) (*Job, error) {
	var j Job
	res, err := s.db.ModelContext(ctx, &j).
		Set("status = ?", "running").
		Where("id = (?)", s.db.Model(new(Job)).Column("id").Where("status = ?", "queued").Order("id ASC").For("UPDATE SKIP LOCKED").Limit(1)).
		Returning("*").
		Update(&j)
	if err != nil {
		return nil, err
	}
	if res.RowsAffected() == 0 {
		return nil, nil
	}
	return &j, nil
}

func TakeInTx(ctx context.Context, db *pg.DB) (*Job, error) {
	j := new(Job)
	err := db.RunInTransaction(ctx, func(tx *pg.Tx) error {
		if err := tx.ModelContext(ctx, j).Where("status = ?", "queued").Order("id").Limit(1).For("UPDATE SKIP LOCKED").Select(); err != nil {
			return err
		}
		_, err := tx.ModelContext(ctx, j).Set("status = ?", "running").WherePK().Update(j)
		return err
	})
	return j, err
}
