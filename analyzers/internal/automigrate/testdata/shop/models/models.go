package models

import "gorm.io/gorm"

type Job struct{ ID int64 }

type Local struct{ ID int64 }

func Self(db *gorm.DB) error { return db.AutoMigrate(&Local{}) }
