// The seed's race through go-pg: an unlocked SELECT of the next job, then
// an UPDATE of it by its key.
package gopgrace

import (
	"github.com/go-pg/pg/v10"
)

type Job struct {
	tableName struct{} `pg:"jobs"`
	ID        int64
	Status    string
}

func Claim(db *pg.DB) (*Job, error) {
	j := new(Job)
	if err := db.Model(j).Where("status = ?", "queued").Order("id").Limit(1).Select(); err != nil { // want `two workers can claim the same job`
		return nil, err
	}
	_, err := db.Model(j).Set("status = ?", "running").WherePK().Update()
	return j, err
}
