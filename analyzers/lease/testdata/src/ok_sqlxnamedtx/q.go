// The queue of sqlxnamedclaim, running each job inside the transaction
// that claimed it: a worker killed mid-job rolls the claim back.
package ok_sqlxnamedtx

import (
	"github.com/jmoiron/sqlx"
)

type job struct {
	ID      int64  `db:"id"`
	State   string `db:"state"`
	Payload string `db:"payload"`
}

type Repo struct {
	db    *sqlx.DB
	table string
}

func NewRepo(db *sqlx.DB, table string) *Repo { return &Repo{db: db, table: table} }

func (r *Repo) Enqueue(payload string) error {
	_, err := r.db.NamedExec(`INSERT INTO "`+r.table+`" ("state", "payload") VALUES (:state, :payload)`, &job{State: "queued", Payload: payload})
	return err
}

func (r *Repo) Next(run func(string) error) error {
	tx, err := r.db.Beginx()
	if err != nil {
		return err
	}
	j := &job{}
	if err := tx.Get(j, `SELECT * FROM "`+r.table+`" WHERE "state" = 'queued' ORDER BY "id" LIMIT 1 FOR UPDATE SKIP LOCKED`); err != nil {
		return err
	}
	if _, err := tx.NamedExec(`UPDATE "`+r.table+`" SET "state" = :state WHERE "id" = :id`, &job{ID: j.ID, State: "running"}); err != nil {
		return err
	}
	if err := run(j.Payload); err != nil {
		return err
	}
	if _, err := tx.NamedExec(`UPDATE "`+r.table+`" SET "state" = :state WHERE "id" = :id`, map[string]any{"id": j.ID, "state": "done"}); err != nil {
		return err
	}
	return tx.Commit()
}
