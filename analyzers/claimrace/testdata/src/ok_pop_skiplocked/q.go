// pop: the SELECT locks the row with FOR UPDATE SKIP LOCKED and the UPDATE
// runs in the same pop transaction, which holds the lock until it commits.
package ok_pop_skiplocked

import "github.com/gobuffalo/pop/v6"

type Job struct {
	ID     int64  `db:"id"`
	Status string `db:"status"`
}

func Claim(c *pop.Connection) (Job, error) {
	var j Job
	err := c.Transaction(func(tx *pop.Connection) error {
		if err := tx.RawQuery("SELECT id, status FROM jobs WHERE status = ? ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED", "queued").First(&j); err != nil {
			return err
		}
		return tx.RawQuery("UPDATE jobs SET status = ? WHERE id = ?", "running", j.ID).Exec()
	})
	return j, err
}

// An ordinary lookup and insert elsewhere in the package.
type User struct {
	ID   int64  `db:"id"`
	Name string `db:"name"`
}

func Lookup(c *pop.Connection, id int64) (User, error) {
	var u User
	err := c.Find(&u, id)
	return u, err
}

func Register(c *pop.Connection, u *User) error { return c.Create(u) }
