// Package recvlib exports constructors whose results are its interface:
// their concrete types reach the importing package as facts.
package recvlib

import "errors"

type Queue interface{ Work() error }

type PG struct{}

func (*PG) Work() error { return nil }

type mem struct{}

func (mem) Work() error { return nil }

func Open() Queue { return &PG{} }

// Choose picks by configuration: either type.
func Choose(inMemory bool) (Queue, error) {
	if inMemory {
		return mem{}, nil
	}
	return newPG()
}

func newPG() (Queue, error) { return &PG{}, nil }

// Fail returns no queue at all: nil only.
func Fail() (Queue, error) { return nil, errors.New("no queue") }

// Wrap returns what it is given: out of sight.
func Wrap(q Queue) Queue { return q }
