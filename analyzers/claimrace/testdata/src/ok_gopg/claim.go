// The claim through go-pg done right: SELECT ... FOR UPDATE SKIP LOCKED
// and the UPDATE in one RunInTransaction; and go-pg's ordinary use on
// other tables stays silent.
package ok_gopg

import (
	"context"

	"github.com/go-pg/pg/v10"
)

type Job struct {
	tableName struct{} `pg:"jobs"`
	ID        int64
	Status    string
}

type User struct {
	ID   int64
	Name string
}

func Claim(ctx context.Context, db *pg.DB) (*Job, error) {
	j := new(Job)
	err := db.RunInTransaction(ctx, func(tx *pg.Tx) error {
		if err := tx.Model(j).Where("status = ?", "queued").Order("id").Limit(1).For("UPDATE SKIP LOCKED").Select(); err != nil {
			return err
		}
		_, err := tx.Model(j).Set("status = ?", "running").WherePK().Update()
		return err
	})
	return j, err
}

func Enqueue(db *pg.DB, j *Job) error {
	_, err := db.Model(j).Insert()
	return err
}

func UserByID(db *pg.DB, id int64) (*User, error) {
	u := new(User)
	err := db.Model(u).Where("id = ?", id).Select()
	return u, err
}

func Rename(db *pg.DB, u *User) error {
	_, err := db.Model(u).Column("name").WherePK().Update()
	return err
}
