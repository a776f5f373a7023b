// The helper that opens the application's GORM database.
package gormfield_db

import "gorm.io/gorm"

type postgres struct{ dsn string }

func (postgres) Name() string { return "postgres" }

// Connect opens the pool every store shares.
func Connect(dsn string) (*gorm.DB, error) {
	db, err := gorm.Open(postgres{dsn: dsn}, &gorm.Config{})
	if err != nil {
		return nil, err
	}
	return db, nil
}

// Use returns the database a caller gives, or else opens the pool.
func Use(db *gorm.DB) (*gorm.DB, error) {
	if db != nil {
		return db, nil
	}
	return Connect("postgres://")
}
