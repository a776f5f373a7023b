// Package poptx: pop's Transaction runs its function in a transaction it
// begins and ends; a query built on the function's connection runs in it.
package poptx

import "github.com/gobuffalo/pop/v6"

func Claim(c *pop.Connection) error {
	if err := c.RawQuery("SELECT 1").Exec(); err != nil { // want `on unknown tx none`
		return err
	}
	return c.Transaction(func(tx *pop.Connection) error {
		if err := tx.RawQuery("SELECT 2").Exec(); err != nil { // want `on unknown tx L11 default same=false`
			return err
		}
		q := tx.Where("id = ?", 1)
		return q.RawQuery("SELECT 3").Exec() // want `on unknown tx L11 default same=true`
	})
}

// Outside the function given to Transaction, the connection is not in it.
func Apart(c *pop.Connection) error {
	_ = c.Transaction(func(tx *pop.Connection) error { return nil })
	return c.RawQuery("SELECT 4").Exec() // want `on unknown tx none`
}
