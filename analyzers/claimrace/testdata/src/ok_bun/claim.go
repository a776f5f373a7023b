// The claim through bun done right: SELECT ... FOR UPDATE SKIP LOCKED and
// the UPDATE in one RunInTx transaction; and bun's ordinary use on other
// tables stays silent.
package ok_bun

import (
	"context"

	"github.com/uptrace/bun"
)

type Job struct {
	bun.BaseModel `bun:"table:jobs"`
	ID            int64 `bun:",pk"`
	Status        string
}

type User struct {
	ID   int64 `bun:",pk"`
	Name string
}

func Claim(ctx context.Context, db *bun.DB) (*Job, error) {
	var j Job
	err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := tx.NewSelect().Model(&j).Where("status = ?", "queued").Order("id").Limit(1).For("UPDATE SKIP LOCKED").Scan(ctx); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Model(&j).Set("status = ?", "running").WherePK().Exec(ctx)
		return err
	})
	return &j, err
}

func ClaimBegin(ctx context.Context, db *bun.DB) (*Job, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var j Job
	if err := tx.NewSelect().Model(&j).Where("status = ?", "queued").Order("id").Limit(1).For("UPDATE SKIP LOCKED").Scan(ctx); err != nil {
		return nil, err
	}
	if _, err := tx.NewUpdate().Model(&j).Set("status = ?", "running").WherePK().Exec(ctx); err != nil {
		return nil, err
	}
	return &j, tx.Commit()
}

func Enqueue(ctx context.Context, db *bun.DB, j *Job) error {
	_, err := db.NewInsert().Model(j).Exec(ctx)
	return err
}

func UserByID(ctx context.Context, db *bun.DB, id int64) (*User, error) {
	u := new(User)
	err := db.NewSelect().Model(u).Where("id = ?", id).Scan(ctx)
	return u, err
}

func Rename(ctx context.Context, db *bun.DB, u *User) error {
	_, err := db.NewUpdate().Model(u).Column("name").WherePK().Exec(ctx)
	return err
}
