// FOR UPDATE SKIP LOCKED through go-pg on the DB itself: the lock ends
// with the SELECT, before the UPDATE takes the job.
package gopgpoollock

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
	if err := db.Model(j).Where("status = ?", "queued").Order("id").Limit(1).For("UPDATE SKIP LOCKED").Select(); err != nil { // want `FOR UPDATE on a pool releases its row lock as soon as the SELECT returns`
		return nil, err
	}
	_, err := db.Model(j).Set("status = ?", "running").WherePK().Update()
	return j, err
}
