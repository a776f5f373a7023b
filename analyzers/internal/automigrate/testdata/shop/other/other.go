// Package other has an AutoMigrate of its own, not GORM's.
package other

import "example.com/shop/models"

type store struct{}

func (store) AutoMigrate(...any) error { return nil }

func Setup() error { return store{}.AutoMigrate(&models.NotGorm{}) }
