// The receiver comes from a package that does not import GORM.
package main

import (
	"example.com/shop/models"
	"example.com/shop/plain"
)

type migrator interface{ AutoMigrate(...any) error }

func main() {
	var m migrator
	s := plain.New()
	_ = s
	_ = m.AutoMigrate(&models.Plain{})
}
