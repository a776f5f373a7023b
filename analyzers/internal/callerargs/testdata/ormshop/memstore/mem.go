package memstore

// A package that imports no ORM: an Update of its own binds nothing.
type Status string

type Mem struct{ m map[int64]Status }

func (s *Mem) Update(id int64, st Status) { s.m[id] = st }

func (s *Mem) Mark(id int64, st Status) error {
	s.Update(id, st)
	return nil
}
