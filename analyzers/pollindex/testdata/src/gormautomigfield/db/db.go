package db

import "gorm.io/gorm"

// Store holds the application's *gorm.DB.
type Store struct{ DB *gorm.DB }
