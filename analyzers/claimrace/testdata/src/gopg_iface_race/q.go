// go-pg through pg.DBI held by a store (a DB or a Tx, the store cannot
// tell which): an unlocked SELECT of a queued job, then an UPDATE by its
// key that does not re-check the status.
package gopg_iface_race

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

func (s *Store) Next(ctx context.Context) (*Job, error) {
	j := new(Job)
	if err := s.db.ModelContext(ctx, j).Where("status = ?", "queued").Order("id").Limit(1).Select(); err != nil { // want `two workers can claim the same job`
		return nil, err
	}
	if _, err := s.db.ModelContext(ctx, j).Set("status = ?", "running").WherePK().Update(j); err != nil {
		return nil, err
	}
	return j, nil
}
