// A sqlx queue whose table name is spliced into its SQL and whose claim
// sets the state through a :name parameter, from the struct it is given:
// the claim commits 'running' and nothing takes a dead worker's job back.
package sqlxnamedclaim

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

func (r *Repo) Next() (*job, error) {
	tx, err := r.db.Beginx()
	if err != nil {
		return nil, err
	}
	j := &job{}
	if err := tx.Get(j, `SELECT * FROM "`+r.table+`" WHERE "state" = 'queued' ORDER BY "id" LIMIT 1 FOR UPDATE SKIP LOCKED`); err != nil {
		return nil, err
	}
	if _, err := tx.NamedExec(`UPDATE "`+r.table+`" SET "state" = :state WHERE "id" = :id`, &job{ID: j.ID, State: "running"}); err != nil { // want `this claim moves the job to 'running' and writes no lease deadline`
		return nil, err
	}
	return j, tx.Commit()
}

func (r *Repo) Finish(id int64) error {
	_, err := r.db.NamedExec(`UPDATE "`+r.table+`" SET "state" = :state WHERE "id" = :id`, map[string]any{"id": id, "state": "done"})
	return err
}

func (r *Repo) Work(run func(string) error) error {
	for {
		j, err := r.Next()
		if err != nil {
			return err
		}
		if err := run(j.Payload); err != nil {
			return err
		}
		if err := r.Finish(j.ID); err != nil {
			return err
		}
	}
}
