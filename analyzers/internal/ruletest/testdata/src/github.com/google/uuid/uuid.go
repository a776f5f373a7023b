// Package uuid is a stub of github.com/google/uuid for analysistest: the
// names and signatures jobqlint reads (as in v1.6.0), with no behaviour.
package uuid

import "database/sql/driver"

type UUID [16]byte

func New() UUID                                { return UUID{} }
func (uuid UUID) String() string               { return "" }
func (uuid UUID) Value() (driver.Value, error) { return uuid.String(), nil }
func (uuid *UUID) Scan(src interface{}) error  { return nil }
