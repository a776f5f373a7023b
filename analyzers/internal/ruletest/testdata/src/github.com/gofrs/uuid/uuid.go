// Package uuid is a stub of github.com/gofrs/uuid for analysistest: the
// names and signatures jobqlint reads (as in v4.3.1), with no behaviour.
package uuid

import "database/sql/driver"

type UUID [16]byte

func (u UUID) String() string               { return "" }
func (u UUID) Value() (driver.Value, error) { return u.String(), nil }
func (u *UUID) Scan(src interface{}) error  { return nil }
