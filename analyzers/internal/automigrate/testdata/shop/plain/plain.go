// Package plain has nothing to do with GORM.
package plain

type Store struct{}

func New() Store { return Store{} }
